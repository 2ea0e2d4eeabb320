/**
 * The session-signing secret tests give better-auth and PostgreSQL-backed servers (which refuse to
 * start without BETTER_AUTH_SECRET). Not a real shop's: each deployment makes its own.
 */
export const TEST_AUTH_SECRET = "kapra-test-secret-not-for-production-0123456789";
