import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { Form, Link, useNavigation } from "react-router";
import { parseSubmission, refuse } from "~/http/form-reply";
import { isRefusal } from "~/lib/form-reply";
import { linkTokenFormSchema } from "~/lib/link-token-form";
import { pageMeta } from "~/lib/seo";
import { INVALID_CONFIRM_LINK, NOTIFY_CONFIRMED_MESSAGE } from "~/modules/notify-me/notify-me";
import { confirmNotifyRequest } from "~/modules/notify-me/confirm-notify.server";
import type { Route } from "./+types/notify-confirm";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Confirm Notify Me",
    description: "Confirm your Notify Me request.",
    path: "/notify/confirm",
    noindex: true,
  });

// The token stands for one person's address: never cached, never shown to a search engine.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

/** GET only asks: mail scanners that open every link in an e-mail must not confirm for the reader. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), linkTokenFormSchema);
  const confirmed =
    submission.status === "success" ? await confirmNotifyRequest(context.db, submission.value.token) : null;
  if (!confirmed) return refuse(submission, { formError: INVALID_CONFIRM_LINK });
  return { ok: true as const, name: confirmed.name };
}

export default function NotifyConfirm({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const confirmed = actionData && "ok" in actionData ? actionData : null;
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">Notify Me</h1>
      {confirmed ? (
        <div role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-stone-800">
          <p className="font-semibold">Confirmed: we will tell you about {confirmed.name}.</p>
          <p className="mt-1">{NOTIFY_CONFIRMED_MESSAGE}</p>
        </div>
      ) : isRefusal(actionData) || !loaderData.token ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {INVALID_CONFIRM_LINK}
        </p>
      ) : (
        <>
          <p className="mt-4 text-stone-700">Please confirm that you want an e-mail from us when it is available.</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? "Confirming..." : "Confirm my e-mail address"}
            </button>
          </Form>
        </>
      )}
      <p className="mt-8">
        <Link to="/" className="font-medium text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
