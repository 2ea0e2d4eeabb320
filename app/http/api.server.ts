import type { AppLoadContext } from "react-router";
import { z } from "~/lib/zod";
import type { Role } from "~/lib/roles";
import { getSessionUser, type SessionUser } from "~/modules/accounts/session-user.server";
import { AppError, isDatabaseUnavailable, isInvalidText } from "~/lib/errors";
import { logDatabaseUnavailable } from "~/lib/database-unavailable-log.server";
import { logger } from "~/lib/logger.server";

/** JSON error body of the API: `{ error: { code, message, fields?, ...details } }`. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): Response {
  return Response.json(
    { error: { ...details, code, message, ...(fields ? { fields } : {}) } },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

export function apiData(data: unknown, status = 200): Response {
  return Response.json({ data }, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** Runs an API handler, turning typed errors into JSON with the fitting status. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(error);
      return apiError(
        503,
        "DATABASE_UNAVAILABLE",
        "The shop cannot reach its database just now. Please try again in a moment.",
      );
    }
    if (error instanceof AppError)
      return apiError(error.status, error.code, error.message, error.fields, error.details);
    if (isInvalidText(error)) return apiError(400, "VALIDATION", "Text cannot contain NUL characters");
    if (error instanceof z.ZodError) {
      const fields = Object.fromEntries(error.issues.map((i) => [i.path.join(".") || "body", i.message]));
      return apiError(400, "VALIDATION", "Please check the highlighted fields", fields);
    }
    logger.error({ err: error }, "API request failed");
    return apiError(500, "INTERNAL", "Something went wrong. Please try again.");
  }
}

/** The signed-in user (by session cookie), or a 401/403 JSON error thrown as a Response. */
export async function requireApiUser(request: Request, context: AppLoadContext, role?: Role): Promise<SessionUser> {
  let user = await getSessionUser(context.auth, request);
  // A role decision always asks the database (the cookie cache may be a minute old).
  if (role && user && user.role !== role) user = await getSessionUser(context.auth, request, { fresh: true });
  if (!user) throw apiError(401, "UNAUTHENTICATED", "Please sign in first");
  if (role && user.role !== role) throw apiError(403, "FORBIDDEN", "You are not allowed to do that");
  return user;
}

/** A JSON request body; anything that is not a JSON object is a 400. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const body = await request.json().catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw apiError(400, "VALIDATION", "The request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** 405 with the methods the route does answer. */
export function methodNotAllowed(allow: string[], path: string): Response {
  const response = apiError(405, "METHOD_NOT_ALLOWED", `Use ${allow.join(" or ")} on ${path}`);
  response.headers.set("Allow", allow.join(", "));
  return response;
}
