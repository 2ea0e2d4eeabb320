import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { setFlash } from "~/http/flash.server";
import { pageMeta } from "~/lib/seo";
import { listSellers } from "~/modules/accounts/team.server";
import { grantSellerRole, revokeSellerRole } from "~/flows/team-roles.server";
import { grantSellerSchema, teamActionSchema } from "~/modules/accounts/team-schema";
import { useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusal } from "~/http/form-reply";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { readNotificationRecipients } from "~/modules/settings/notification-recipients.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Team", description: "Who can run the shop.", path: "/seller/team", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  const [sellers, recipients] = await Promise.all([listSellers(context.db), readNotificationRecipients(context.db)]);
  return { me: user.id, sellers: sellers.map((s) => ({ ...s, since: s.since.toISOString() })), recipients };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), teamActionSchema);
  // Add a seller's messages show beside its e-mail; a Remove seller role's above the list (status 200, shown in place).
  const refused = (message: string) =>
    keptValue(submission.reply(), "intent") === "grant"
      ? refusal(submission, { fieldErrors: { email: message } })
      : refusal(submission, { formError: message });
  if (submission.status !== "success") {
    const [first] = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []);
    return refused(first ?? "Please try again.");
  }
  const sent = submission.value;
  const done = async (message: string, to = "/seller/team") =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    if (sent.intent === "grant") {
      const member = await grantSellerRole(context.db, sent.email, { orderNotices: sent.orderNotices });
      const notices = member.orderNotices ? "They get order notices." : "They do not get order notices.";
      return done(
        `${member.alreadySeller ? `${member.email} is already a seller` : `${member.name} (${member.email}) can now run the shop`}. ${notices}`,
      );
    }
    const member = await revokeSellerRole(context.db, sent.userId);
    // Someone who removed their own role is a buyer from now on: their own dashboard is the buyer's.
    return done(
      `${member.email} is no longer a seller and gets no more order notices`,
      member.id === user.id ? "/buyer-dashboard" : "/seller/team",
    );
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "CONFLICT"))
      return refused(error.message);
    throw error;
  }
}

export default function SellerTeam({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { me, sellers, recipients } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/seller/team";
  const reply = isRefusal(actionData) ? actionData : null;
  const grantReply = keptValue(reply, "intent") === "grant" ? reply : null;
  const revokeError = grantReply ? undefined : formError(reply);
  const [form, fields] = useFormShape(grantSellerSchema, grantReply, { id: "add-seller" });
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (navigation.state === "idle" && !actionData) formRef.current?.reset();
  }, [navigation.state, actionData]);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="team-title">
        <h2 id="team-title" className="text-xl font-semibold text-stone-900">
          Team
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Sellers can do everything you can: orders, products, settings and this page.
        </p>
        <p className="mt-1 text-sm text-stone-700">
          Removing someone&apos;s seller role also takes their e-mail off the order notice recipients, so they stop
          getting the shop&apos;s order e-mails.
        </p>
        {revokeError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
            {revokeError}
          </p>
        )}
        <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
          {sellers.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-stone-900">
                  {s.name}
                  {s.id === me && <span className="ml-2 text-sm font-normal text-stone-600">(you)</span>}
                </p>
                <p className="break-all text-sm text-stone-700">{s.email}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="userId" value={s.id} />
                <button
                  type="submit"
                  className="btn-secondary px-4"
                  disabled={busy}
                  aria-label={s.id === me ? "Remove my seller role" : `Remove seller role from ${s.email}`}
                >
                  Remove seller role
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="add-seller-title" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <h3 id="add-seller-title" className="text-lg font-semibold text-stone-900">
          Add a seller
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          They need an account on the shop first (Sign In, then Create account). Enter its e-mail:
        </p>
        <Form
          ref={formRef}
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-3 grid gap-3"
          aria-labelledby="add-seller-title"
        >
          <input type="hidden" name="intent" value="grant" />
          <TextField
            label="Account e-mail"
            name="email"
            type="email"
            autoComplete="off"
            error={fields.email.errors?.[0]}
            defaultValue={keptValue(grantReply, "email")}
          />
          <div>
            <label className="flex items-start gap-2 text-sm text-stone-900">
              {/* Ticked while the list is empty: every seller is told then, so that is what happens anyway. */}
              <input
                type="checkbox"
                name="orderNotices"
                defaultChecked={recipients.length === 0}
                aria-describedby="order-notices-note"
                className="mt-0.5 h-4 w-4"
              />
              Also send order notices
            </label>
            <p id="order-notices-note" className="mt-1 text-xs text-stone-600">
              New orders, cancellations by customers and contact messages are e-mailed to the notification recipients in{" "}
              <Link to="/seller/settings" className="underline">
                Settings
              </Link>
              {recipients.length === 0 ? " (now empty, so every seller gets them)." : `, now ${recipients.join(", ")}.`}
            </p>
          </div>
          <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy}>
            Give seller role
          </button>
        </Form>
      </section>
    </div>
  );
}
