import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { newPasswordProblem } from "./common-passwords.server";
import { sessionPastMaxAge } from "./session-age";

/** How recent a Google (password-less) sign-in must be to delete the account. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

type Body = Record<string, unknown> | undefined;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Our rules, run before better-auth's own endpoints (the shop's forms and direct API calls alike):
 * every new password meets password-rule.ts, a session past its absolute age changes nothing, and
 * deleting an account takes its password (or a fresh sign-in for an account without one).
 */
export const authRequestRules = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Body;
  switch (ctx.path) {
    case "/sign-up/email":
      return refuseWeakPassword(text(body?.password), text(body?.email));
    case "/reset-password": {
      const token = text(body?.token) || text((ctx.query as Body)?.token);
      const verification = token
        ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
        : null;
      const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
      return refuseWeakPassword(text(body?.newPassword), user?.email);
    }
    case "/change-password": {
      const session = await currentSession(ctx);
      return refuseWeakPassword(text(body?.newPassword), session?.user.email);
    }
    case "/set-password":
    case "/update-user":
    case "/revoke-other-sessions":
    case "/revoke-sessions":
      await currentSession(ctx);
      return;
    case "/delete-user":
      return requirePasswordToDelete(ctx, text(body?.password));
  }
});

function refuseWeakPassword(password: string, email: string | undefined) {
  const problem = newPasswordProblem(password, email);
  if (problem) throw new APIError("BAD_REQUEST", { code: problem.code, message: problem.message });
}

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The request's session, refused (and deleted) once past its absolute age. */
async function currentSession(ctx: Ctx) {
  const session = await getSessionFromCtx(ctx, { disableCookieCache: true });
  if (session && sessionPastMaxAge(session.session.createdAt)) {
    await ctx.context.internalAdapter.deleteSession(session.session.token);
    throw new APIError("UNAUTHORIZED", { code: "SESSION_EXPIRED", message: "Please sign in again and retry." });
  }
  return session;
}

/**
 * better-auth would delete an account without its password when the session is a day old or less.
 * We always ask for it; an account that signs in only with Google has none, so it must have signed
 * in within the last five minutes (Google has just checked it is them).
 */
async function requirePasswordToDelete(ctx: Ctx, password: string) {
  const session = await currentSession(ctx);
  if (!session) return; // better-auth answers 401
  if (text((ctx.body as Body)?.token))
    throw new APIError("BAD_REQUEST", { code: "PASSWORD_REQUIRED", message: "Please enter your password to confirm" });
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) {
    if (!password)
      throw new APIError("BAD_REQUEST", {
        code: "PASSWORD_REQUIRED",
        message: "Please enter your password to confirm",
      });
    return;
  }
  if (Date.now() - new Date(session.session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
    throw new APIError("FORBIDDEN", {
      code: "FRESH_SIGN_IN_REQUIRED",
      message: "Please sign in with Google again, then delete your account within 5 minutes.",
    });
  }
}
