import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courierImports, courierUploads } from "~/modules/shipping/tables";
import { AppError, errorChain } from "~/lib/errors";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import { shopDay } from "~/lib/shop-time";
import { guessMapping, type ColumnMapping, type ImportKind, type ImportRow } from "./column-mapping";
import type { CourierFile, CourierFilePortal, CourierFileReport } from "../couriers/courier-provider";
import { getCourier } from "../couriers/couriers.server";
import { importCodRows, type SettlementSummary } from "./import-cod.server";
import {
  lockOrders,
  newPreview,
  type ImportContext,
  type ImportOutcome,
  type PlannedRow,
} from "./import-context.server";
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
export async function saveCourierUpload(
  db: Db,
  portal: CourierFilePortal,
  actor: { id: string | null },
  file: CourierFile,
  now = new Date(),
): Promise<string> {
  await portal.readSheet(file);
  await db.delete(courierUploads).where(lt(courierUploads.createdAt, new Date(now.getTime() - UPLOAD_KEPT_MS)));
  const [upload] = await db
    .insert(courierUploads)
    .values({
      fileName: file.name.slice(0, 200) || "courier-file",
      bytes: Buffer.from(file.bytes),
      uploadedBy: actor.id,
      createdAt: now,
    })
    .returning({ id: courierUploads.id });
  return upload.id;
}

/**
 * Previews or applies a courier file. Both run the same steps (planImport) on the same rows, so the
 * preview shows what Apply will do: the preview with reads only (no transaction, no locks, no
 * writes: the shop's one PGlite connection stays free), Apply inside one transaction after locking
 * the file's orders (lockOrders: all at once, by id, so overlapping imports cannot deadlock), which
 * re-checks every row on the locked rows and writes. Apply is all or nothing and happens once per
 * file: the same bytes applied again, even at the same moment from two tabs, change nothing and
 * say when they were applied.
 */
export async function runCourierImport(
  db: Db,
  portal: CourierFilePortal,
  actor: OrderActor,
  request: {
    kind: ImportKind;
    uploadId: string;
    mapping?: ColumnMapping | null;
    courierId: number | null;
    apply: boolean;
  },
  desk: OrderDesk,
  now = new Date(),
): Promise<ImportReport> {
  const [upload] = /^[0-9a-f-]{36}$/i.test(request.uploadId)
    ? await db.select().from(courierUploads).where(eq(courierUploads.id, request.uploadId))
    : [];
  if (!upload) throw new AppError("NOT_FOUND", UPLOAD_GONE);
  if (request.kind === "cod" && !request.courierId)
    throw new AppError("VALIDATION", COD_NEEDS_COURIER, { courierId: COD_NEEDS_COURIER });
  const courier = request.courierId ? await getCourier(db, request.courierId) : null;
  const sheet = await portal.readSheet({ name: upload.fileName, bytes: upload.bytes });
  const mapping = request.mapping ?? guessMapping(request.kind, sheet.headers);
  const rows = await reportRows(portal, request.kind, { sheet, mapping });
  const fileHash = createHash("sha256").update(upload.bytes).digest("hex");
  const appliedBefore = async () =>
    (
      await db
        .select({ at: courierImports.appliedAt, by: courierImports.appliedByName })
        .from(courierImports)
        .where(and(eq(courierImports.kind, request.kind), eq(courierImports.fileHash, fileHash)))
    )[0] ?? null;
  const earlier = await appliedBefore();

  const source = `import of ${request.kind === "tracking" ? "tracking" : request.kind === "delivery" ? "delivery status" : "COD payment"} file ${upload.fileName} ${shopDay(now)}`;
  const context = { actor, now, source, note: `By ${source}`, courierId: courier?.id ?? null, desk };
  const file = { kind: request.kind, rows, fileName: upload.fileName, fileHash };
  const report = (
    plan: ImportPlan,
    alreadyApplied: ImportReport["alreadyApplied"],
    applied: boolean,
  ): ImportReport => ({
    kind: request.kind,
    uploadId: upload.id,
    fileName: upload.fileName,
    headers: sheet.headers,
    mapping,
    courierId: courier?.id ?? null,
    rows: plan.rows,
    counts: countOutcomes(plan.rows),
    settlements: plan.settlements,
    findings: plan.findings,
    alreadyApplied,
    applied,
  });
  const preview = async (alreadyApplied: ImportReport["alreadyApplied"]) =>
    report(
      await planImport({ ...context, tx: db, importId: null, preview: newPreview() }, file),
      alreadyApplied,
      false,
    );

  if (!request.apply || earlier) return preview(earlier);
  try {
    return await db.transaction(async (tx) => {
      // One Apply per file: a second Apply of the same bytes waits here for the first to commit,
      // then finds its record (the unique index courier_imports_kind_hash_idx is the last guard).
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`courier-import:${request.kind}:${fileHash}`}, 0))`,
      );
      const [already] = await tx
        .select({ id: courierImports.id })
        .from(courierImports)
        .where(and(eq(courierImports.kind, request.kind), eq(courierImports.fileHash, fileHash)));
      if (already) throw new AlreadyApplied();
      const [recorded] = await tx
        .insert(courierImports)
        .values({
          kind: request.kind,
          fileName: upload.fileName,
          fileHash,
          courierId: courier?.id ?? null,
          appliedBy: actor.id,
          appliedByName: actor.name,
          appliedAt: now,
        })
        .returning({ id: courierImports.id });
      await lockOrders(
        tx,
        rows
          .filter((row) => row.problems.length === 0)
          .map((row) => ({ orderNumber: row.orderNumber || null, trackingNumber: row.trackingNumber || null })),
      );
      const result = report(await planImport({ ...context, tx, importId: recorded.id }, file), null, true);
      await tx.update(courierImports).set({ summary: result.counts }).where(eq(courierImports.id, recorded.id));
      await tx.delete(courierUploads).where(eq(courierUploads.id, upload.id));
      return result;
    });
  } catch (error) {
    if (error instanceof AlreadyApplied || isFileAppliedClash(error)) return preview(await appliedBefore());
    throw error;
  }
}

class AlreadyApplied extends Error {
  constructor() {
    super("already applied");
  }
}

function isFileAppliedClash(error: unknown): boolean {
  return [...errorChain(error)].some(
    (e) =>
      e.code === "23505" &&
      (e.constraint === "courier_imports_kind_hash_idx" || (e.message ?? "").includes("courier_imports_kind_hash_idx")),
  );
}

type ImportPlan = { rows: PlannedRow[]; settlements: SettlementSummary[]; findings: string[] };

/**
 * The one step Preview and Apply share: each row's outcome, in the owner's words, through the
 * kind's importer. With `ctx.preview` it reads only; without, it writes (inside Apply's transaction).
 */
async function planImport(
  ctx: ImportContext,
  file: { kind: ImportKind; rows: ImportRow[]; fileName: string; fileHash: string },
): Promise<ImportPlan> {
  if (file.kind === "cod") {
    return importCodRows(
      { ...ctx, courierId: ctx.courierId! },
      file.rows as Parameters<typeof importCodRows>[1],
      file.fileName,
      file.fileHash,
    );
  }
  const planned: PlannedRow[] = [];
  for (const row of file.rows) {
    if (row.problems.length) {
      planned.push({
        line: row.line,
        orderNumber: row.orderNumber || null,
        trackingNumber: row.trackingNumber || null,
        outcome: "problem",
        says: row.problems.join("; "),
      });
    } else {
      planned.push(
        file.kind === "tracking"
          ? await importTrackingRow(ctx, row as Parameters<typeof importTrackingRow>[1])
          : await importDeliveryRow(ctx, row as Parameters<typeof importDeliveryRow>[1]),
      );
    }
  }
  return { rows: planned, settlements: [], findings: [] };
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
export async function readUploadHeaders(
  db: Db,
  portal: CourierFilePortal,
  uploadId: string,
): Promise<{ fileName: string; headers: string[] }> {
  const [upload] = /^[0-9a-f-]{36}$/i.test(uploadId)
    ? await db.select().from(courierUploads).where(eq(courierUploads.id, uploadId))
    : [];
  if (!upload) throw new AppError("NOT_FOUND", UPLOAD_GONE);
  const sheet = await portal.readSheet({ name: upload.fileName, bytes: upload.bytes });
  return { fileName: upload.fileName, headers: sheet.headers };
}
