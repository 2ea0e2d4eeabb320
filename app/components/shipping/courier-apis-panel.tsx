import { Form, Link, useNavigation } from "react-router";
import { formatShopDateTime } from "~/lib/shop-time";
import { COURIER_PROVIDER_LABELS } from "~/modules/shipping/couriers/courier-api";
import type { CourierSyncState } from "~/modules/shipping/tracking/courier-sync-states.server";
import { SYNC_NOW_INTENT, type SyncNowAnswer } from "~/modules/shipping/tracking/sync-now-form";

const when = (iso: string | null) => (iso ? formatShopDateTime(iso) : "Not yet");
const every = (minutes: number) =>
  minutes % 60 === 0 ? `every ${minutes === 60 ? "hour" : `${minutes / 60} hours`}` : `every ${minutes} minutes`;

/**
 * The Shipping page's "Couriers' APIs": each courier reached through its API with when its parcels
 * and payments were last asked, its last failure in its own words, and Sync now (one courier or
 * all: a plain form); the Delivery problems link with its count; what the last Sync now did.
 */
export function CourierApisPanel({
  couriers,
  problems,
  answer,
}: {
  couriers: CourierSyncState[];
  problems: number;
  answer: SyncNowAnswer | null;
}) {
  const navigation = useNavigation();
  const syncing = navigation.state === "submitting" && navigation.formData?.get("intent") === SYNC_NOW_INTENT;
  const connected = couriers.filter((c) => c.connected);
  return (
    <section
      aria-labelledby="courier-apis-title"
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
      data-testid="courier-apis"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="courier-apis-title" className="text-lg font-semibold text-stone-900">
          Couriers&apos; APIs
        </h3>
        <Link
          to="/seller/shipping/problems"
          className={problems ? "btn-primary max-sm:py-2" : "btn-secondary max-sm:py-2"}
          data-testid="problems-link"
        >
          Delivery problems{problems ? ` (${problems})` : ""}
        </Link>
      </div>
      {couriers.length === 0 ? (
        <p className="text-sm text-stone-700">
          Parcels booked with a courier connected through its API (PostEx, Leopards, TCS, Trax, M&amp;P) are tracked and
          their payments checked by themselves. Connect one in{" "}
          <Link to="/seller/settings/couriers" className="font-medium underline">
            Settings → Couriers
          </Link>
          .
        </p>
      ) : (
        <ul className="grid gap-2">
          {couriers.map((c) => (
            <li
              key={c.id}
              className="grid gap-1 rounded-lg border border-stone-200 p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              data-testid="courier-api"
            >
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {c.name} <span className="font-normal text-stone-600">({COURIER_PROVIDER_LABELS[c.provider]})</span>
                </p>
                {c.connected ? (
                  <p className="text-stone-700">
                    {c.openParcels} {c.openParcels === 1 ? "parcel" : "parcels"} on the way · tracking{" "}
                    {every(c.syncEveryMinutes)}, last {when(c.trackedAt)} · payments last checked{" "}
                    {when(c.paymentsCheckedAt)}
                  </p>
                ) : (
                  <p className="text-stone-700">Not connected: enter its API credentials in Settings → Couriers.</p>
                )}
                {c.apiError && (
                  <p role="status" className="mt-1 break-words font-medium text-red-800" data-testid="api-error">
                    {c.name} answered {c.apiErrorAt ? `at ${formatShopDateTime(c.apiErrorAt)}` : ""}: {c.apiError}. The
                    shop asks again in a few minutes.
                  </p>
                )}
              </div>
              {c.connected && (
                <Form method="post" className="sm:justify-self-end">
                  <input type="hidden" name="intent" value={SYNC_NOW_INTENT} />
                  <input type="hidden" name="courierId" value={c.id} />
                  <button type="submit" className="btn-secondary w-full max-sm:py-2" disabled={syncing}>
                    Sync {c.name} now
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {connected.length > 1 && (
        <Form method="post">
          <input type="hidden" name="intent" value={SYNC_NOW_INTENT} />
          <button type="submit" className="btn-secondary max-sm:w-full max-sm:py-2" disabled={syncing}>
            {syncing ? "Asking the couriers..." : "Sync all now"}
          </button>
        </Form>
      )}
      {answer && (
        <div
          role={answer.ok ? "status" : "alert"}
          className={`rounded-lg px-4 py-3 text-sm ${answer.ok ? "bg-emerald-50 text-emerald-950" : "bg-red-50 text-red-900"}`}
          data-testid="sync-answer"
        >
          {answer.lines.map((line, i) => (
            <p key={i} className="break-words">
              {line}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
