import { Link } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { formatPakistaniMobile } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import {
  describeWhatsappStatus,
  readWhatsappLogQuery,
  WHATSAPP_KIND_LABELS,
  WHATSAPP_LOG_STATUSES,
  WHATSAPP_STATUS_LABELS,
  whatsappLogSearch,
  whatsappLogStatus,
  type WhatsappLogQuery,
  type WhatsappLogStatus,
} from "~/modules/messages/whatsapp-log";
import { listWhatsappLog } from "~/modules/messages/whatsapp-log.server";
import { readWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import type { Route } from "./+types/whatsapp-logs";

const PATH = "/seller/whatsapp-logs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "WhatsApp Log",
    description: "WhatsApp messages the shop has sent.",
    path: PATH,
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const query = readWhatsappLogQuery(new URL(request.url).searchParams);
  const [log, settings] = await Promise.all([listWhatsappLog(context.db, query), readWhatsappSettings(context.db)]);
  const time = (d: Date | null) => (d ? formatShopDateTimeHour12(d) : null);
  return {
    configured: settings !== null,
    query: { ...query, page: log.page },
    total: log.total,
    pageCount: log.pageCount,
    entries: log.entries.map((e) => ({
      id: e.id,
      time: formatShopDateTimeHour12(e.createdAt),
      to: formatPakistaniMobile(`+${e.to}`),
      kind: WHATSAPP_KIND_LABELS[e.kind],
      orderNumber: e.orderNumber,
      status: whatsappLogStatus(e.status),
      statusText: describeWhatsappStatus(e),
      messageId: e.messageId,
      attempts: e.attempts,
      error: e.lastError,
      sentAt: time(e.sentAt),
      deliveredAt: time(e.deliveredAt),
      readAt: time(e.readAt),
      text: e.text,
    })),
  };
}

// Full class names, written out so Tailwind finds them.
const MARKER: Record<WhatsappLogStatus, string> = {
  queued: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  delivered: "bg-emerald-100 text-emerald-900",
  read: "bg-teal-100 text-teal-900",
  failed: "bg-red-100 text-red-900",
  not_configured: "bg-stone-200 text-stone-900",
};

export default function SellerWhatsappLogs({ loaderData }: Route.ComponentProps) {
  const { configured, query, total, pageCount, entries } = loaderData;
  const href = (change: Partial<WhatsappLogQuery>) => `${PATH}${whatsappLogSearch({ ...query, ...change })}`;
  return (
    <section aria-labelledby="whatsapp-log-title">
      <h2 id="whatsapp-log-title" className="text-xl font-semibold text-stone-900">
        WhatsApp Log
      </h2>
      <p
        className={`mt-1 text-sm ${configured ? "text-stone-700" : "font-medium text-amber-900"}`}
        data-testid="whatsapp-line"
      >
        {configured ? (
          "WhatsApp is set up: messages are sent as soon as they are due, retried for a day if Meta is down, and Meta's receipts show here."
        ) : (
          <>
            WhatsApp is not set up: messages are kept here but not sent.{" "}
            <Link className="underline" to="/seller/settings/whatsapp">
              Set up WhatsApp
            </Link>
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link to={href({})} preventScrollReset className="btn-secondary">
          Refresh
        </Link>
      </div>
      <nav aria-label="Filter by status" className="mt-4">
        <ul className="flex flex-wrap gap-1.5 text-sm">
          {[null, ...WHATSAPP_LOG_STATUSES].map((status) => {
            const current = query.status === status;
            return (
              <li key={status ?? "all"}>
                <Link
                  to={href({ status, page: 1 })}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex rounded-full border px-3 py-1.5 font-medium ${current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 text-stone-800 hover:bg-stone-100"}`}
                >
                  {status ? WHATSAPP_STATUS_LABELS[status] : "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mt-3 text-sm text-stone-700" role="status">
        {total === 0 ? "" : `${total} ${total === 1 ? "message" : "messages"}, newest first.`}
      </p>
      {total === 0 ? (
        <div className="mt-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center">
          <p className="font-semibold text-stone-900">
            No WhatsApp messages{query.status ? " match this filter" : " yet"}
          </p>
          <p className="mt-1 text-sm text-stone-700">
            Order confirmations, shipped and delivered notices and test messages appear here.
          </p>
        </div>
      ) : (
        <ul className="mt-2 grid gap-2" data-testid="whatsapp-log-list">
          {entries.map((e) => (
            <li
              key={e.id}
              className="rounded-xl border border-stone-200 bg-white p-3 text-sm"
              data-testid="whatsapp-log-entry"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    {e.kind}
                    {e.orderNumber && (
                      <>
                        {" "}
                        ·{" "}
                        <Link className="underline" to={`/seller/orders?q=${encodeURIComponent(e.orderNumber)}`}>
                          {e.orderNumber}
                        </Link>
                      </>
                    )}
                  </p>
                  <p className="text-stone-700">
                    To {e.to} · {e.time}
                  </p>
                </div>
                <span
                  data-testid="whatsapp-status"
                  className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${MARKER[e.status]}`}
                >
                  {e.statusText}
                </span>
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-stone-700 sm:grid-cols-[auto_1fr]">
                {e.messageId && (
                  <>
                    <dt className="font-medium">Meta&apos;s message id</dt>
                    <dd className="break-all font-mono text-xs">{e.messageId}</dd>
                  </>
                )}
                <dt className="font-medium">Attempts</dt>
                <dd>{e.attempts}</dd>
                {(e.sentAt || e.deliveredAt || e.readAt) && (
                  <>
                    <dt className="font-medium">Receipts</dt>
                    <dd>
                      {[
                        e.sentAt && `sent ${e.sentAt}`,
                        e.deliveredAt && `delivered ${e.deliveredAt}`,
                        e.readAt && `read ${e.readAt}`,
                      ]
                        .filter(Boolean)
                        .join(", ")}
                    </dd>
                  </>
                )}
                {e.error && (
                  <>
                    <dt className="font-medium">Error</dt>
                    <dd className="break-words text-red-800">{e.error}</dd>
                  </>
                )}
              </dl>
              {e.text && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-brand-700 underline">Message text</summary>
                  <p className="mt-1 whitespace-pre-wrap text-stone-800">{e.text}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="WhatsApp log pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          {query.page > 1 ? (
            <Link className="btn-secondary px-4" to={href({ page: query.page - 1 })}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Page {query.page} of {pageCount}
          </span>
          {query.page < pageCount ? (
            <Link className="btn-secondary px-4" to={href({ page: query.page + 1 })}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
