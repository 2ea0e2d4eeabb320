import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { parseSubmission, refuse } from "~/http/form-reply";
import { isRefusal } from "~/lib/form-reply";
import { linkTokenFormSchema } from "~/lib/link-token-form";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { unsubscribeFromMarketing } from "~/flows/unsubscribe-from-marketing.server";
import { readMarketingLink } from "~/modules/marketing/marketing-unsubscribe.server";
import type { Route } from "./+types/marketing-unsubscribe";

export const INVALID_MARKETING_LINK =
  "This unsubscribe link is not valid. You can turn marketing e-mails off in your account's Settings tab.";
const DONE = "We will send you no more offers or cart reminders. Order e-mails still come, as your Settings say.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Unsubscribe",
    description: "Stop marketing e-mails.",
    path: "/email/unsubscribe",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

/** GET only asks: mail scanners that open every link in an e-mail must not unsubscribe anyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await readMarketingLink(context.db, token);
  return data({ token, link }, { status: link.valid ? 200 : 400 });
}

/** The confirm button, and RFC 8058 one-click (the mail app POSTs to the List-Unsubscribe URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!form.has("token")) form.set("token", new URL(request.url).searchParams.get("token") ?? "");
  const submission = parseSubmission(form, linkTokenFormSchema);
  const done = submission.status === "success" && (await unsubscribeFromMarketing(context, submission.value.token));
  if (!done) return refuse(submission, { formError: INVALID_MARKETING_LINK });
  return { ok: true as const };
}

export default function MarketingUnsubscribe({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { token, link } = loaderData;
  const busy = useNavigation().state === "submitting";
  let body: ReactNode;
  if ((actionData && "ok" in actionData) || (link.valid && !link.subscribed)) {
    body = (
      <div role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-stone-800">
        <p className="font-semibold">You are unsubscribed.</p>
        <p className="mt-1">{DONE}</p>
      </div>
    );
  } else if (!link.valid || isRefusal(actionData)) {
    body = (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
        {INVALID_MARKETING_LINK}
      </p>
    );
  } else {
    body = (
      <>
        <h2 className="mt-4 text-xl font-semibold text-stone-900">Stop offers and cart reminders?</h2>
        <p className="mt-2 text-stone-700">
          We will stop sending marketing e-mails to <span className="font-medium">{link.email}</span>. Order e-mails are
          not affected.
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
      <h1 className="text-3xl font-bold text-stone-900">Marketing e-mails</h1>
      {body}
      <p className="mt-8">
        <Link to="/" className="font-medium text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
