import type { Db } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { OrderDesk } from "../order-desk";
import { CourierApiError, type CourierApis } from "../couriers/courier-api";
import { clearSyncFailure, recordSyncFailure, type ClaimedCourier, type SyncWhat } from "./claim-courier-sync.server";
import { openSealed } from "./courier-credentials.server";
import { syncCourierPayments, type PaymentsSummary } from "./sync-payments.server";
import { syncCourierTracking, type TrackingSummary } from "./sync-tracking.server";

/** What the sync of a courier needs: the database, the couriers' API clients, the credentials' box, the orders port and the clock. */
export type CourierSyncDeps = { db: Db; apis: CourierApis; box: SecretBox; desk: OrderDesk; now: Date };

export type CourierSyncOutcome = { courierId: number; courierName: string; what: SyncWhat } & (
  { ok: true; tracking: TrackingSummary | null; payments: PaymentsSummary | null } | { ok: false; message: string }
);

export const CREDENTIALS_UNREADABLE =
  "Its API credentials cannot be read (the shop's secret changed?): enter them again in Settings → Couriers";

/**
 * One claimed courier's tracking or payments sync. A failure of the courier's API (CourierApiError)
 * is kept on the courier in its own words (the Shipping page shows it) and the courier is asked
 * again after the back-off; a sync that works clears it. Any other error is kept the same way, in
 * general words, and thrown on for the log.
 */
export async function runCourierSync(
  deps: CourierSyncDeps,
  courier: ClaimedCourier,
  what: SyncWhat,
  actor: OrderActor,
): Promise<CourierSyncOutcome> {
  const base = { courierId: courier.id, courierName: courier.name, what };
  const opened = openSealed(deps.box, courier.provider, courier.sealedCredentials);
  const api = opened ? deps.apis[opened.kind] : undefined;
  if (!opened || !api) {
    const message = opened ? `The shop has no client for ${courier.name}'s API` : CREDENTIALS_UNREADABLE;
    await recordSyncFailure(deps.db, what, courier.id, courier.since, message, deps.now);
    return { ...base, ok: false, message };
  }
  const run = {
    db: deps.db,
    api,
    credentials: opened.credentials,
    courier: { id: courier.id, name: courier.name },
    actor,
    desk: deps.desk,
    now: deps.now,
  };
  try {
    const tracking = what === "tracking" ? await syncCourierTracking({ ...run, since: courier.since }) : null;
    const payments = what === "payments" ? await syncCourierPayments(run) : null;
    await clearSyncFailure(deps.db, courier.id);
    return { ...base, ok: true, tracking, payments };
  } catch (error) {
    const message =
      error instanceof CourierApiError
        ? error.message
        : `The shop could not finish asking ${courier.name}; it tries again in a few minutes`;
    await recordSyncFailure(deps.db, what, courier.id, courier.since, message, deps.now);
    if (error instanceof CourierApiError) return { ...base, ok: false, message };
    throw error;
  }
}

/** An outcome in the owner's words: "PostEx: 12 parcels asked, 3 delivered, 1 attempt, 1 returned", or the courier's own. */
export function courierSyncText(outcome: CourierSyncOutcome): string {
  if (!outcome.ok) return `${outcome.courierName}: ${outcome.message}`;
  const parts: string[] = [];
  const t = outcome.tracking;
  if (t) {
    parts.push(`${t.asked} ${t.asked === 1 ? "parcel" : "parcels"} asked`);
    if (t.shipped) parts.push(`${t.shipped} shipped`);
    parts.push(`${t.delivered} delivered`);
    parts.push(`${t.attempts} ${t.attempts === 1 ? "attempt" : "attempts"}`);
    if (t.refused) parts.push(`${t.refused} refused`);
    parts.push(`${t.returned} returned`);
    if (t.notApplied.length)
      parts.push(`not applied: ${t.notApplied.slice(0, 3).join("; ")}${t.notApplied.length > 3 ? "..." : ""}`);
  }
  const p = outcome.payments;
  if (p) {
    const references = p.settlements.map((s) => s.reference);
    parts.push(
      p.paid
        ? `${p.paid} ${p.paid === 1 ? "parcel" : "parcels"} paid in ${references.join(", ")}`
        : `no new payments (${p.asked} unpaid ${p.asked === 1 ? "parcel" : "parcels"} asked)`,
    );
    if (p.notApplied.length) parts.push(p.notApplied.slice(0, 3).join("; "));
  }
  return `${outcome.courierName}: ${parts.join(", ")}`;
}
