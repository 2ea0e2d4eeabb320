import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useRootData } from "~/lib/root-data";
import { HeartIcon } from "./icons";
import { showToast } from "./toaster";

/**
 * The heart: saves a product to the signed-in buyer's wishlist (a form, so it also works without
 * JavaScript). Guests are taken to sign in and brought back.
 */
export function WishlistButton({ productId, name, className = "" }: { productId: string; name: string; className?: string }) {
  const root = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean; message: string; saved?: boolean }>();
  const here = location.pathname + location.search;
  const savedNow = root?.wishlist.includes(productId) ?? false;
  // Show the new state at once while the request is on its way.
  const pending = fetcher.formData?.get("saved");
  const saved = pending ? pending === "true" : savedNow;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) showToast(fetcher.data.message, fetcher.data.ok ? "success" : "error");
  }, [fetcher.state, fetcher.data]);
  const label = saved ? `Remove ${name} from wishlist` : `Save ${name} to wishlist`;
  const look = `flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-stone-200 hover:bg-white ${saved ? "text-red-600" : "text-stone-700"} ${className}`;
  if (!root?.user) {
    return (
      <Link to={`/auth?${new URLSearchParams({ mode: "login", redirectTo: here })}`} aria-label={label} className={look}>
        <HeartIcon />
      </Link>
    );
  }
  if (root.user.role !== "buyer") return null;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="saved" value={String(!saved)} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" aria-label={label} aria-pressed={saved} className={look}>
        <HeartIcon filled={saved} />
      </button>
    </fetcher.Form>
  );
}
