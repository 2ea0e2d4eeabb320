/**
 * Sessions slide: better-auth renews a session's expiry (30 days) once a day while it is used. On
 * top of that a session ends 30 days after the sign-in that made it, however often it was renewed
 * (ASVS 3.3): a stolen cookie is not good for ever.
 */
export const SESSION_SLIDING_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionPastMaxAge(createdAt: Date | string, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() >= SESSION_MAX_AGE_MS;
}
