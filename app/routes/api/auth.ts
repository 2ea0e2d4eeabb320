import type { Route } from "./+types/auth";

/** better-auth's own endpoints (sign-up/email, sign-in/email, sign-out, get-session, Google callback). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(request);
}
