import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTime } from "~/lib/shop-time";
import { listInboxMessages, setMessageHandled } from "~/modules/contact/inbox.server";
import { parseSubmission, refusal } from "~/http/form-reply";
import { formError, isRefusal } from "~/lib/form-reply";
import { CONTACT_POSSIBLE_SPAM_NOTE } from "~/modules/contact/contact-messages";
import { inboxActionSchema } from "~/modules/contact/inbox-schema";
import { replyHref } from "~/modules/contact/reply-link";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Inbox",
    description: "Messages from the contact form.",
    path: "/seller/inbox",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const inbox = await listInboxMessages(context.db, page);
  return {
    ...inbox,
    messages: inbox.messages.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      handled: m.readAt !== null,
      replyHref: replyHref(m),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), inboxActionSchema);
  // A refusal is answered in place (status 200): the card says it beside its buttons.
  if (submission.status !== "success")
    return refusal(submission, { formError: "That request was not understood. Please reload the page." });
  const sent = submission.value;
  try {
    await setMessageHandled(context.db, sent.id, sent.intent === "mark-handled");
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      return refusal(submission, { formError: error.message });
    throw error;
  }
  return {
    ok: true as const,
    message: sent.intent === "mark-handled" ? "Marked as handled" : "Marked as not handled",
  };
}

export default function SellerInbox({ loaderData }: Route.ComponentProps) {
  const { messages, total, unhandled, page, pageCount } = loaderData;
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="text-xl font-semibold text-stone-900">
        Inbox
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {total === 0
          ? "Messages sent from the contact page appear here."
          : `${unhandled} of ${total} ${total === 1 ? "message" : "messages"} waiting for a reply.`}
      </p>
      {total === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center font-semibold text-stone-900">
          No messages yet
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {messages.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Inbox pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link className="btn-secondary px-4" to={`?page=${page - 1}`}>
              Newer messages
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link className="btn-secondary px-4" to={`?page=${page + 1}`}>
              Older messages
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

type Message = Route.ComponentProps["loaderData"]["messages"][number];

function MessageCard({ message: m }: { message: Message }) {
  const fetcher = useFetcher<typeof action>();
  // While the click is on its way, show the message as it will be.
  const pendingIntent = fetcher.formData?.get("intent");
  const handled = pendingIntent ? pendingIntent === "mark-handled" : m.handled;
  const refused = isRefusal(fetcher.data) ? formError(fetcher.data) : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (refused) showToast(refused, "error");
    else if ("message" in fetcher.data) showToast(fetcher.data.message, "success");
  }, [fetcher.state, fetcher.data, refused]);
  const titleId = `message-${m.id}-subject`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`rounded-xl border p-4 ${handled ? "border-stone-200 bg-white" : "border-amber-300 bg-amber-50"}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words font-semibold text-stone-900">
            {!handled && (
              <span className="mr-2 inline-flex rounded-full bg-amber-200 px-2 text-xs font-semibold text-amber-950">
                New
              </span>
            )}
            {m.possibleSpam && (
              <span className="mr-2 inline-flex rounded-full bg-stone-200 px-2 text-xs font-semibold text-stone-900">
                Possible spam
              </span>
            )}
            {m.subject}
          </h3>
          <time dateTime={m.createdAt} className="text-xs text-stone-600">
            {formatShopDateTime(m.createdAt)}
          </time>
        </div>
        <p className="mt-1 break-words text-sm text-stone-700">
          From {m.name} ·{" "}
          <a className="underline" href={`mailto:${m.email}`}>
            {m.email}
          </a>
        </p>
        {m.possibleSpam && <p className="mt-2 text-sm text-stone-700">{CONTACT_POSSIBLE_SPAM_NOTE}</p>}
        <p className="mt-3 whitespace-pre-line break-words text-stone-900">{m.message}</p>
        {refused && fetcher.state === "idle" && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {refused}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <a className="btn-primary px-4" href={m.replyHref} aria-label={`Reply to ${m.name}`}>
            Reply
          </a>
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={m.id} />
            {handled ? (
              <button type="submit" name="intent" value="mark-unhandled" className="btn-secondary px-4">
                Mark as not handled
              </button>
            ) : (
              <button type="submit" name="intent" value="mark-handled" className="btn-secondary px-4">
                Mark as handled
              </button>
            )}
          </fetcher.Form>
          <span className="text-xs text-stone-600">{handled ? "Handled" : "Waiting for a reply"}</span>
        </div>
      </article>
    </li>
  );
}
