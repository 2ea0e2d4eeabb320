import { createCookie } from "react-router";
import type { Flash } from "~/lib/root-data";

export type { Flash };

// A one-shot message carried across a redirect (e.g. "Welcome back!" after signing in), shown as a
// toast on the next page, with or without JavaScript.
const flashCookie = createCookie("shop_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** The pending flash, and the Set-Cookie header that removes it once read. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("shop_flash=")) return { flash: null, clear: null };
  const value = (await flashCookie.parse(header).catch(() => null)) as Flash | null;
  const flash =
    value && typeof value.message === "string"
      ? { type: value.type ?? "success", message: value.message.slice(0, 200) }
      : null;
  return { flash, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
