/** Error codes the modules throw; one table maps them to HTTP status and the words a user sees. */
export const APP_ERRORS = {
  NOT_FOUND: { status: 404, message: "Not found" },
  VALIDATION: { status: 400, message: "Please check the highlighted fields" },
  FORBIDDEN: { status: 403, message: "You are not allowed to do that" },
  UNAUTHENTICATED: { status: 401, message: "Please sign in first" },
  OUT_OF_STOCK: { status: 409, message: "Not enough stock" },
  CONFLICT: { status: 409, message: "That conflicts with the current state" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: "This Idempotency-Key was already used for a different order" },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait a little and try again." },
  ORDER_LIMIT_REACHED: { status: 409, message: "You have too many orders on the way. Please wait until one is delivered." },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(code: AppErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? APP_ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = APP_ERRORS[code].status;
    this.fields = fields;
  }
}

/** The database's storage failing (SQLSTATE disk_full, io_error; the OS's errno): it cannot write until that is fixed. */
const STORAGE_FAULTS: Record<string, string> = {
  "53100": "the database's disk is full",
  ENOSPC: "the database's disk is full",
  "58030": "the database's disk failed to read or write (I/O error)",
  EIO: "the database's disk failed to read or write (I/O error)",
  EROFS: "the database's disk is read-only",
};
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "57P01", "57P03", "08000", "08001", "08003", "08006", ...Object.keys(STORAGE_FAULTS)]);

/** For an error of the database's disk: what an operator should read in the log; null for anything else. */
export function storageFault(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = storageCode(e);
    if (code) return `${STORAGE_FAULTS[code]}: ${(e as Error).message}`;
  }
  return null;
}

/**
 * The STORAGE_FAULTS key of one error, if any. PostgreSQL reports a read-only disk as SQLSTATE
 * 42501 (insufficient_privilege, its errcode_for_file_access of EROFS) with the OS's words, e.g.
 * 'could not write to log file "…": Read-only file system'; 42501 alone is a missing grant, no outage.
 */
function storageCode(e: unknown): string | null {
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && STORAGE_FAULTS[code]) return code;
  const message = (e as { message?: unknown }).message;
  if (code === "42501" && typeof message === "string" && /: Read-only file system$/.test(message)) return "EROFS";
  return null;
}

/** True for errors meaning "the database cannot be reached", as opposed to a bug in a query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && UNAVAILABLE_CODES.has(code)) || storageCode(e)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/**
 * True for PostgreSQL refusing text it cannot store (a NUL character, an invalid byte sequence):
 * bad input that reached a query, answered as a 400 rather than a 500.
 */
export function isInvalidText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "22021" || code === "22P05") return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /invalid byte sequence for encoding|unsupported Unicode escape sequence/i.test(message)) return true;
  }
  return false;
}
