import { requireSeller } from "~/lib/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/seller-email-logs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Email Logs", description: "E-mails the shop has sent.", path: "/seller-dashboard/email-logs", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return null;
}

/** The shop sends no e-mail yet: the outbox and its log come with the e-mail issue. Says so plainly. */
export default function SellerEmailLogs() {
  return (
    <section aria-labelledby="email-logs-title">
      <h2 id="email-logs-title" className="text-xl font-semibold text-stone-900">Email Logs</h2>
      <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center">
        <p className="font-semibold text-stone-900">No Email Notifications Yet</p>
        <p className="mt-1 text-sm text-stone-700">The shop does not send e-mail yet. Order and status e-mails, and their log here, are the next step.</p>
      </div>
    </section>
  );
}
