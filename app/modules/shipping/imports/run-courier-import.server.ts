import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courierImports, courierUploads } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import { shopDay } from "~/lib/shop-time";
import { guessMapping, type ColumnMapping, type ImportKind, type ImportRow } from "./column-mapping";
import type { CourierFile, CourierFilePortal, CourierFileReport } from "../couriers/courier-provider";
import { getCourier } from "../couriers/couriers.server";
import { importCodRows, type SettlementSummary } from "./import-cod.server";
import type { ImportContext, ImportOutcome, PlannedRow } from "./import-context.server";
import { importDeliveryRow } from "./import-delivery.server";
import { importTrackingRow } from "./import-tracking.server";

export type { ImportOutcome, PlannedRow, SettlementSummary };

export const COD_NEEDS_COURIER = "Choose the courier whose payment report this is";
export const UPLOAD_GONE = "This upload has expired or was already applied. Please upload the file again.";
const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

export type ImportReport = {
  kind: ImportKind;
  uploadId: string;
  fileName: string;
  headers: string[];
  mapping: ColumnMapping;
  courierId: number | null;
  rows: PlannedRow[];
  counts: Record<ImportOutcome, number>;
  settlements: SettlementSummary[];
  findings: string[];
  /** The same file (by its bytes) was applied before: applying it again changes nothing. */
  alreadyApplied: { at: Date; by: string } | null;
  applied: boolean;
};

/**
 * Keeps an uploaded courier file until it is applied (or a day), after checking that the portal's
 * reader (`portal`, the request context's providers.couriers.file) reads it: a file that is not
 * CSV or Excel, is empty or too large is refused here with its reason.
 */
export async function saveCourierUpload(db: Db, portal: CourierFilePortal, actor: { id: string | null }, file: CourierFile, now = new Date()): Promise<string> {
  await portal.readSheet(file);
  await db.delete(courierUploads).where(lt(courierUploads.createdAt, new Date(now.getTime() - UPLOAD_KEPT_MS)));
  const [upload] = await db.insert(courierUploads).values({ fileName: file.name.slice(0, 200) || "courier-file", bytes: Buffer.from(file.bytes), uploadedBy: actor.id, createdAt: now }).returning({ id: courierUploads.id });
  return upload.id;
}

/** Thrown to roll a preview back: the preview runs the import for real in a transaction that is never committed. */
class PreviewOnly extends Error {
  constructor(readonly report: ImportReport) { super("preview"); }
}

/**
 * Previews or applies a courier file. Both run the same import inside one transaction, so the
 * preview shows exactly what Apply will do; the preview's transaction is rolled back. Apply is
 * all or nothing (one transaction per file) and happens once per file: the same bytes applied
 * again change nothing and say when they were applied.
 */
export async function runCourierImport(
  db: Db,
  portal: CourierFilePortal,
  actor: OrderActor,
  request: { kind: ImportKind; uploadId: string; mapping?: ColumnMapping | null; courierId: number | null; apply: boolean },
  desk: OrderDesk,
  now = new Date(),
): Promise<ImportReport> {
  const [upload] = /^[0-9a-f-]{36}$/i.test(request.uploadId)
    ? await db.select().from(courierUploads).where(and(eq(courierUploads.id, request.uploadId)))
    : [];
  if (!upload) throw new AppError("NOT_FOUND", UPLOAD_GONE);
  if (request.kind === "cod" && !request.courierId) throw new AppError("VALIDATION", COD_NEEDS_COURIER, { courierId: COD_NEEDS_COURIER });
  const courier = request.courierId ? await getCourier(db, request.courierId) : null;
  const sheet = await portal.readSheet({ name: upload.fileName, bytes: upload.bytes });
  const mapping = request.mapping ?? guessMapping(request.kind, sheet.headers);
  const rows = await reportRows(portal, request.kind, { sheet, mapping });
  const fileHash = createHash("sha256").update(upload.bytes).digest("hex");
  const [earlier] = await db.select({ at: courierImports.appliedAt, by: courierImports.appliedByName }).from(courierImports)
    .where(and(eq(courierImports.kind, request.kind), eq(courierImports.fileHash, fileHash)));

  const report = (planned: PlannedRow[], settlements: SettlementSummary[], findings: string[], applied: boolean): ImportReport => ({
    kind: request.kind, uploadId: upload.id, fileName: upload.fileName, headers: sheet.headers, mapping, courierId: courier?.id ?? null,
    rows: planned, counts: countOutcomes(planned), settlements, findings, alreadyApplied: earlier ?? null, applied,
  });

  try {
    return await db.transaction(async (tx) => {
      const apply = request.apply && !earlier;
      const [recorded] = apply
        ? await tx.insert(courierImports).values({
          kind: request.kind, fileName: upload.fileName, fileHash, courierId: courier?.id ?? null, appliedBy: actor.id, appliedByName: actor.name, appliedAt: now,
        }).returning({ id: courierImports.id })
        : [];
      const source = `import of ${request.kind === "tracking" ? "tracking" : request.kind === "delivery" ? "delivery status" : "COD payment"} file ${upload.fileName} ${shopDay(now)}`;
      const ctx: ImportContext = { tx, actor, now, source, note: `By ${source}`, courierId: courier?.id ?? null, importId: recorded?.id ?? null, desk };
      let planned: PlannedRow[] = [];
      let settlements: SettlementSummary[] = [];
      let findings: string[] = [];
      if (request.kind === "cod") {
        ({ rows: planned, settlements, findings } = await importCodRows({ ...ctx, courierId: courier!.id }, rows as Parameters<typeof importCodRows>[1], upload.fileName));
      } else {
        for (const row of rows) {
          if (row.problems.length) {
            planned.push({ line: row.line, orderNumber: row.orderNumber || null, trackingNumber: row.trackingNumber || null, outcome: "problem", says: row.problems.join("; ") });
          } else {
            planned.push(request.kind === "tracking"
              ? await importTrackingRow(ctx, row as Parameters<typeof importTrackingRow>[1])
              : await importDeliveryRow(ctx, row as Parameters<typeof importDeliveryRow>[1]));
          }
        }
      }
      const result = report(planned, settlements, findings, apply);
      if (!apply) throw new PreviewOnly(result);
      await tx.update(courierImports).set({ summary: result.counts }).where(eq(courierImports.id, recorded.id));
      await tx.delete(courierUploads).where(eq(courierUploads.id, upload.id));
      return result;
    });
  } catch (error) {
    if (error instanceof PreviewOnly) return error.report;
    throw error;
  }
}

/** The file's rows, through the provider that reads couriers' files (the port: courier-provider.ts). */
function reportRows(portal: CourierFilePortal, kind: ImportKind, report: CourierFileReport): Promise<ImportRow[]> {
  if (kind === "cod") return portal.settlements(report);
  return kind === "tracking" ? portal.track(report, "tracking") : portal.track(report, "delivery");
}

function countOutcomes(rows: PlannedRow[]): Record<ImportOutcome, number> {
  const counts: Record<ImportOutcome, number> = { change: 0, unchanged: 0, unmatched: 0, problem: 0 };
  for (const row of rows) counts[row.outcome]++;
  return counts;
}

/** An upload's name and column headers, for the mapping screen when a mapping is refused. */
export async function readUploadHeaders(db: Db, portal: CourierFilePortal, uploadId: string): Promise<{ fileName: string; headers: string[] }> {
  const [upload] = /^[0-9a-f-]{36}$/i.test(uploadId) ? await db.select().from(courierUploads).where(eq(courierUploads.id, uploadId)) : [];
  if (!upload) throw new AppError("NOT_FOUND", UPLOAD_GONE);
  const sheet = await portal.readSheet({ name: upload.fileName, bytes: upload.bytes });
  return { fileName: upload.fileName, headers: sheet.headers };
}
