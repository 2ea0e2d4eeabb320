import { data, isRouteErrorResponse, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/** What was sent when a request failed: its `intent` and its text fields, to put back in the form. */
export type SentForm = { intent: string | null; values: Record<string, string> };

/**
 * The status a failed request counts as, or null when it is no failure of the request itself: a
 * redirect (a Response), or a 4xx the route threw on purpose (not found, not allowed), which its
 * error boundary shows. A 5xx, a body refused as too large (413) and a request that never got an
 * answer (the network dropped: a TypeError) are failures.
 */
export function failedRequestStatus(error: unknown): number | null {
  if (error instanceof Response) return null;
  if (isRouteErrorResponse(error)) return error.status >= 500 || error.status === 413 ? error.status : null;
  return 503;
}

/**
 * The body of a route's `clientAction`: runs the server action, and when the request fails (the
 * server answers 5xx, the database is away, the network drops) answers `failure(sent)` instead of
 * throwing to the error screen. The page stays as it was, with what was typed, its buttons usable
 * again, and shows the failure where it shows the action's own refusals (fetcher data or action
 * data, the same shapes). The answer carries the failure's status, so React Router does not reload
 * the page's data after it (that would fail too during an outage).
 *
 *     export const clientAction = (args: Route.ClientActionArgs) =>
 *       keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));
 */
export async function keepOnFailure<T, F>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
  failure: (sent: SentForm) => F,
): Promise<T | DataWithResponseInit<F>> {
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  try {
    return await serverAction();
  } catch (error) {
    const status = failedRequestStatus(error);
    if (status === null) throw error;
    const values: Record<string, string> = {};
    // Passwords are never put back into a form.
    for (const [key, value] of form) if (typeof value === "string" && !/password/i.test(key)) values[key] = value;
    return data(failure({ intent: values.intent ?? null, values }), { status });
  }
}
