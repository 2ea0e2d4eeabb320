import { z } from "~/lib/zod";
import { StoreCreditTab } from "~/components/account/store-credit-tab";
import { requireUser } from "~/http/auth-guard.server";
import { readStoreCredit } from "~/modules/store-credit/read-store-credit.server";
import type { Route } from "./+types/store-credit";

// ?page= a whole number from 1; anything else is the first page.
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** The account's Store Credit tab: the balance and its history, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return { credit: await readStoreCredit(context.db, user.id, { page }) };
}

export default function BuyerDashboardStoreCredit({ loaderData }: Route.ComponentProps) {
  return <StoreCreditTab credit={loaderData.credit} />;
}
