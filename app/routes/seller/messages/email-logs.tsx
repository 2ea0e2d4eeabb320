import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { Form, Link, redirect, useNavigation } from "react-router";
import {
  ClearLogsControl,
  EmailLogDetail,
  EmailLogList,
  type EmailLogDetailView,
  type EmailLogRowView,
} from "~/components/seller/email-log-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { formError } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { publicOrigin } from "~/lib/public-origin";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import {
  clearEmailLog,
  getEmailLogEntry,
  listEmailLog,
  resendEmail,
  type EmailLogEntry,
} from "~/modules/messages/email-log.server";
import { canSend } from "~/modules/messages/message-sender";
import {
  describeEmailStatus,
  EMAIL_LOG_NOT_UNDERSTOOD,
  EMAIL_STATUSES,
  emailLogActionSchema,
  emailLogSearch,
  readEmailLogQuery,
  STATUS_FILTER_LABELS,
  type EmailLogQuery,
} from "~/modules/messages/email-log-query";
import type { Route } from "./+types/email-logs";

const PATH = "/seller/email-logs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Email Logs", description: "E-mails the shop has sent.", path: PATH, noindex: true });

function rowView(e: EmailLogEntry): EmailLogRowView {
  return {
    id: e.id,
    orderNumber: e.orderNumber,
    subject: e.subject,
    toAddress: e.toAddress,
    status: e.status,
    time: formatShopDateTimeHour12(e.createdAt),
    createdAt: e.createdAt.toISOString(),
    marker: describeEmailStatus(e).short,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const query = readEmailLogQuery(url.searchParams);
  const { env } = context;
  const [log, entry] = await Promise.all([
    listEmailLog(context.db, query),
    query.id
      ? getEmailLogEntry(context.db, query.id, { publicUrl: publicOrigin(env), from: env.MAIL_FROM ?? null })
      : null,
  ]);
  let detail: EmailLogDetailView | null = null;
  if (entry) {
    const status = describeEmailStatus(entry);
    detail = {
      ...rowView(entry),
      fromAddress: entry.fromAddress,
      orderId: entry.orderId,
      sentAt: entry.sentAt ? formatShopDateTimeHour12(entry.sentAt) : null,
      statusLabel: status.label,
      statusDetail: status.detail,
      resentFrom: entry.resentFrom,
      resentAs: entry.resentAs,
      html: entry.html,
      text: entry.text,
      preview: entry.preview,
    };
  }
  return {
    // Whether e-mail goes out, never the SMTP URL itself (it carries the password).
    mailServer: canSend(context.providers.messaging, "email"),
    query: { ...query, page: log.page },
    entries: log.entries.map(rowView),
    total: log.total,
    pageCount: log.pageCount,
    counts: log.counts,
    detail,
    missing: query.id !== null && !entry,
    confirmClear: url.searchParams.get("clear") === "confirm",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), emailLogActionSchema);
  if (submission.status !== "success") {
    // A mistyped address is refused beside its field; anything else was not sent by the page.
    const badAddress = submission.payload.intent === "resend" && submission.error?.to;
    return refuse(submission, badAddress ? {} : { formError: EMAIL_LOG_NOT_UNDERSTOOD });
  }
  const sent = submission.value;
  if (sent.intent === "clear") {
    const { cleared, kept } = await clearEmailLog(context.db);
    const message =
      `Cleared ${cleared} ${cleared === 1 ? "e-mail" : "e-mails"}` +
      (kept > 0 ? `; ${kept} still waiting to be sent ${kept === 1 ? "is" : "are"} kept.` : ".");
    throw redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  }
  const to = sent.to || null;
  try {
    const id = await resendEmail(context.db, sent.id, to);
    const message = to ? `E-mail queued to be sent again, to ${to}` : "E-mail queued to be sent again";
    // The new entry opens, in the list the owner was looking at.
    const { status, q, page } = readEmailLogQuery(new URL(request.url).searchParams);
    throw redirect(`${PATH}${emailLogSearch({ status, q, page, id })}`, {
      headers: { "Set-Cookie": await setFlash({ type: "success", message }) },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION")
      return refuse(submission, { fieldErrors: { to: error.fields?.to ?? error.message }, values: { to: to ?? "" } });
    if (error instanceof AppError && error.code === "NOT_FOUND")
      return refuse(submission, { formError: error.message, status: 404 });
    throw error;
  }
}

export default function SellerEmailLogs({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { mailServer, query, entries, total, pageCount, counts, detail, missing, confirmClear } = loaderData;
  const navigation = useNavigation();
  const href = (over: Partial<EmailLogQuery>) => `${PATH}${emailLogSearch({ ...query, id: null, ...over })}`;
  const listHref = href({});
  const open = detail !== null;
  const filtered = query.status !== null || query.q !== "";
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  return (
    <section aria-labelledby="email-logs-title">
      <h2 id="email-logs-title" className="text-xl font-semibold text-stone-900">
        Email Logs
      </h2>
      <p
        className={`mt-1 text-sm ${mailServer ? "text-stone-700" : "font-medium text-amber-900"}`}
        data-testid="mail-server-line"
      >
        {mailServer
          ? "A mail server is configured: e-mails are sent as soon as they are written, and retried if the mail server is down."
          : "No mail server is configured (SMTP_URL is not set): e-mails are kept here but not sent."}
      </p>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {/* Reloading the same URL runs the loader again: the list as it is now. */}
        <Link to={`${PATH}${emailLogSearch(query)}`} preventScrollReset className="btn-secondary">
          {loading ? "Refreshing..." : "Refresh"}
        </Link>
        {counts.all > 0 && (
          <ClearLogsControl
            confirmHref={`${listHref}${listHref.includes("?") ? "&" : "?"}clear=confirm`}
            cancelHref={listHref}
            confirming={confirmClear}
          />
        )}
      </div>

      {counts.all === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center">
          <p className="font-semibold text-stone-900">No Email Notifications Yet</p>
          <p className="mt-1 text-sm text-stone-700">
            Order confirmations, status updates and other e-mails the shop sends appear here.
          </p>
        </div>
      ) : (
        <>
          {/* On a phone an open entry takes the screen: the filter comes back with the list. */}
          <div className={open ? "hidden lg:block" : undefined}>
            <nav aria-label="Filter by status" className="mt-4">
              <ul className="flex flex-wrap gap-1.5 text-sm">
                {[null, ...EMAIL_STATUSES].map((status) => {
                  const current = query.status === status;
                  return (
                    <li key={status ?? "all"}>
                      <Link
                        to={href({ status, page: 1 })}
                        preventScrollReset
                        aria-current={current ? "page" : undefined}
                        className={`inline-flex rounded-full border px-3 py-1.5 font-medium ${current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 text-stone-800 hover:bg-stone-100"}`}
                      >
                        {status ? STATUS_FILTER_LABELS[status] : "All"} ({status ? counts[status] : counts.all})
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <Form method="get" role="search" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
              {query.status && <input type="hidden" name="status" value={query.status} />}
              <div className="min-w-0 flex-1">
                <label htmlFor="email-search" className="field-label">
                  Search by recipient or order number
                </label>
                <input
                  id="email-search"
                  name="q"
                  type="search"
                  defaultValue={query.q}
                  key={query.q}
                  className="field-input"
                  placeholder="e.g. ayesha@ or ORD-123456"
                />
              </div>
              <button type="submit" className="btn-primary">
                Search
              </button>
              {query.q && (
                <Link to={href({ q: "", page: 1 })} className="btn-secondary">
                  Clear search
                </Link>
              )}
            </Form>
          </div>

          {!detail && formError(actionData) && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError(actionData)}
            </p>
          )}
          {missing && (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              That e-mail is no longer in the log.
            </p>
          )}

          <div className={`mt-4 grid gap-4 ${open ? "lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" : ""}`}>
            {/* Its Back link returns to the list. */}
            <div className={open ? "hidden lg:block" : undefined}>
              <p className="mb-2 text-sm text-stone-700" role="status">
                {total === 0
                  ? ""
                  : `${total} ${total === 1 ? "e-mail" : "e-mails"}${filtered ? " match" : ""}, newest first.`}
              </p>
              {total === 0 ? (
                <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-700">
                  No e-mails match this filter.
                </p>
              ) : (
                <EmailLogList
                  entries={entries}
                  hrefOf={(id) => `${PATH}${emailLogSearch({ ...query, id })}`}
                  selectedId={detail?.id ?? null}
                />
              )}
              {pageCount > 1 && (
                <nav aria-label="Email log pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
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
            </div>
            {detail && <EmailLogDetail entry={detail} backHref={listHref} result={actionData} />}
          </div>
        </>
      )}
    </section>
  );
}
