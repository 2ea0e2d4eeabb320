import { redirect } from "react-router";
import { setFlash } from "~/http/flash.server";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { expiredSessionCookies } from "~/modules/accounts/auth.server";
import type { Route } from "./+types/sign-out";

export async function loader() {
  return redirect("/");
}

/** Sign Out posts here (a form, so it works without JavaScript) and lands on the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuth(context.auth, request, "/sign-out", {});
  const headers = new Headers();
  // Signing out clears the cookie even if the session was already gone (SPEC.md: logout always clears the user).
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  if (result.cookies.length === 0) {
    for (const cookie of expiredSessionCookies(context.env)) headers.append("Set-Cookie", cookie);
  }
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "You have signed out." }));
  return redirect("/", { headers });
}
