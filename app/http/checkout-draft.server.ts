import { createCookie, redirect } from "react-router";
import type { ShippingFormValues as ShippingValues } from "~/modules/checkout/checkout-schema";
import { SIGN_IN_TO_ORDER } from "~/lib/failure-messages";
import { setFlash } from "./flash.server";

const SHIPPING_KEYS = ["fullName", "email", "phone", "city", "cityOther", "address", "postalCode"] as const;

// The shipping details of a Place Order sent after the session ended, kept on this browser while
// the buyer signs in again (an hour at most), then put back in the form once.
const draftCookie = createCookie("shop_checkout_draft", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60,
});

/**
 * Place Order without a session (signed out in another tab, expired): SPEC.md's 'Please sign in to
 * place an order', then sign-in, which comes back to this checkout with the details as typed.
 */
export async function signInToOrder(request: Request, form: Record<string, FormDataEntryValue>): Promise<Response> {
  const values = Object.fromEntries(
    SHIPPING_KEYS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string).slice(0, 500) : ""]),
  );
  const url = new URL(request.url);
  const headers = new Headers();
  headers.append("Set-Cookie", await setFlash({ type: "error", message: SIGN_IN_TO_ORDER }));
  // A browser drops a cookie over 4 KB: details that long (a very long address in Urdu) are not kept.
  const draft = await draftCookie.serialize(values);
  if (draft.length < 4000) headers.append("Set-Cookie", draft);
  return redirect(`/auth?${new URLSearchParams({ mode: "login", redirectTo: url.pathname + url.search })}`, {
    headers,
  });
}

/** The kept shipping details, if any, and the Set-Cookie header that forgets them once read. */
export async function takeCheckoutDraft(
  request: Request,
): Promise<{ draft: ShippingValues | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("shop_checkout_draft=")) return { draft: null, clear: null };
  const value = (await draftCookie.parse(header).catch(() => null)) as unknown;
  const draft =
    value && typeof value === "object"
      ? (Object.fromEntries(
          SHIPPING_KEYS.map((k) => [k, String((value as Record<string, unknown>)[k] ?? "").slice(0, 1000)]),
        ) as ShippingValues)
      : null;
  return { draft, clear: await draftCookie.serialize("", { maxAge: 0 }) };
}
