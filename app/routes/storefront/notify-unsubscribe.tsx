import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { parseSubmission, refuse } from "~/http/form-reply";
import { isRefusal } from "~/lib/form-reply";
import { linkTokenFormSchema } from "~/lib/link-token-form";
import { pageMeta } from "~/lib/seo";
import { INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED_MESSAGE } from "~/modules/notify-me/notify-me";
import { readUnsubscribeLink, unsubscribeByToken } from "~/modules/notify-me/unsubscribe.server";
import type { Route } from "./+types/notify-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Unsubscribe",
    description: "Stop Notify Me e-mails.",
    path: "/notify/unsubscribe",
    noindex: true,
  });

// The token is as good as a password for this one sign-up: never cached, never shown to a search engine.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

/** GET only asks: mail scanners that open every link in an e-mail must not unsubscribe anyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await readUnsubscribeLink(context.db, token);
  return data({ token, link }, { status: link.valid ? 200 : 400 });
}

/**
 * The confirm button, and RFC 8058 one-click: a mail app's own Unsubscribe button POSTs
 * `List-Unsubscribe=One-Click` to the URL from the List-Unsubscribe header. Either way the token
 * is in the URL; the form also sends it as a field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!form.has("token")) form.set("token", new URL(request.url).searchParams.get("token") ?? "");
  const submission = parseSubmission(form, linkTokenFormSchema);
  const done = submission.status === "success" ? await unsubscribeByToken(context.db, submission.value.token) : null;
  if (!done) return refuse(submission, { formError: INVALID_UNSUBSCRIBE_LINK });
  return { ok: true as const, name: done.name };
}

export default function NotifyUnsubscribe({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { token, link } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  let body: ReactNode;
  if (actionData && "ok" in actionData) {
    body = (
      <div role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-stone-800">
        <p className="font-semibold">You are unsubscribed.</p>
        <p className="mt-1">{UNSUBSCRIBED_MESSAGE}</p>
      </div>
    );
  } else if (!link.valid || isRefusal(actionData)) {
    body = (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
        {INVALID_UNSUBSCRIBE_LINK}
      </p>
    );
  } else if (link.unsubscribed) {
    body = (
      <div role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-stone-800">
        <p className="font-semibold">You are already unsubscribed from e-mails about {link.name}.</p>
        <p className="mt-1">{UNSUBSCRIBED_MESSAGE}</p>
      </div>
    );
  } else {
    body = (
      <>
        <h2 className="mt-4 text-xl font-semibold text-stone-900">Stop e-mails about {link.name}?</h2>
        <p className="mt-2 text-stone-700">
          We will stop e-mailing <span className="font-medium">{link.email}</span> about it, and about anything else you
          asked us to tell you about.
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </button>
        </Form>
      </>
    );
  }
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">Notify Me e-mails</h1>
      {body}
      <p className="mt-8">
        <Link to="/" className="font-medium text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
