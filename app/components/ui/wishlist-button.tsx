import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { type FormReply, formError } from "~/lib/form-reply";
import { useRootData } from "~/lib/root-data";
import { HeartIcon } from "./icons";
import { showToast } from "./toaster";

/**
 * The heart: saves a product to the signed-in buyer's wishlist (a form, so it also works without
 * JavaScript). Guests are taken to sign in and brought back.
 */
export function WishlistButton({
  productId,
  name,
  className = "",
}: {
  productId: string;
  name: string;
  className?: string;
}) {
  const root = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<{ ok: true; message: string; saved: boolean } | FormReply>();
  const here = location.pathname + location.search;
  const savedNow = root?.wishlist.includes(productId) ?? false;
  // Show the new state at once while the request is on its way.
  const pending = fetcher.formData?.get("saved");
  const saved = pending ? pending === "true" : savedNow;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if ("ok" in answer) showToast(answer.message, "success");
    else showToast(formError(answer) ?? GENERIC_FAILURE, "error");
  }, [fetcher.state, fetcher.data]);
  // The card around it names the product; the product's name stays out of this button's name so
  // "the link called {product}" always means the product link.
  const label = saved ? "Remove from wishlist" : "Save to wishlist";
  const look = `card-button ${saved ? "text-red-600" : "text-stone-700"} ${className}`;
  if (!root?.user) {
    // A guest signs in first and comes back (a GET form: a button, and it works without JavaScript).
    return (
      <form method="get" action="/auth" className={className.includes("absolute") ? "contents" : undefined}>
        <input type="hidden" name="mode" value="login" />
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" aria-label={label} title={`Save ${name}`} className={look}>
          <HeartIcon />
        </button>
      </form>
    );
  }
  if (root.user.role !== "buyer") return null;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="saved" value={String(!saved)} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" aria-label={label} title={saved ? `Saved: ${name}` : `Save ${name}`} className={look}>
        <HeartIcon filled={saved} />
      </button>
    </fetcher.Form>
  );
}
