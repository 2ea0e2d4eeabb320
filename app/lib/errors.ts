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
  ORDER_LIMIT_REACHED: {
    status: 409,
    message: "You have too many orders on the way. Please wait until one is delivered.",
  },
  // A launch's limit of pieces per buyer (modules/launches).
  LAUNCH_LIMIT_REACHED: { status: 409, message: "This launch limits how many pieces each customer may buy" },
  PRICES_CHANGED: { status: 409, message: "Prices changed since you opened checkout" },
  // An outside service (a payment gateway) did not answer: the request may be tried again.
  GATEWAY_UNAVAILABLE: { status: 502, message: "The payment service could not be reached. Please try again." },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** What else the refusal tells a client (the API puts it beside `code` and `message`), e.g. the order's total now. */
  readonly details?: Record<string, unknown>;
  constructor(
    code: AppErrorCode,
    message?: string,
    fields?: Record<string, string>,
    details?: Record<string, unknown>,
  ) {
    super(message ?? APP_ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = APP_ERRORS[code].status;
    this.fields = fields;
    this.details = details;
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
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
  ...Object.keys(STORAGE_FAULTS),
]);

/** One error in a chain: its code, message and constraint where they are text. */
export type ChainedError = { code?: string; message?: string; constraint?: string };

/**
 * An error and the causes behind it (Drizzle wraps the driver's error in `cause`), at most five
 * deep, each with its code, message and constraint read where they are text.
 */
export function* errorChain(error: unknown): Generator<ChainedError> {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, constraint } = e as { code?: unknown; message?: unknown; constraint?: unknown };
    yield {
      code: typeof code === "string" ? code : undefined,
      message: typeof message === "string" ? message : undefined,
      constraint: typeof constraint === "string" ? constraint : undefined,
    };
  }
}

/** For an error of the database's disk: what an operator should read in the log; null for anything else. */
export function storageFault(error: unknown): string | null {
  for (const e of errorChain(error)) {
    const code = storageCode(e);
    if (code) return `${STORAGE_FAULTS[code]}: ${e.message}`;
  }
  return null;
}

/**
 * The STORAGE_FAULTS key of one error, if any. PostgreSQL reports a read-only disk as SQLSTATE
 * 42501 (insufficient_privilege, its errcode_for_file_access of EROFS) with the OS's words, e.g.
 * 'could not write to log file "…": Read-only file system'; 42501 alone is a missing grant, no outage.
 */
function storageCode({ code, message }: ChainedError): string | null {
  if (code && STORAGE_FAULTS[code]) return code;
  if (code === "42501" && message && /: Read-only file system$/.test(message)) return "EROFS";
  return null;
}

/** True for errors meaning "the database cannot be reached", as opposed to a bug in a query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if ((e.code && UNAVAILABLE_CODES.has(e.code)) || storageCode(e)) return true;
    if (
      e.message &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * True for PostgreSQL refusing text it cannot store (a NUL character, an invalid byte sequence):
 * bad input that reached a query, answered as a 400 rather than a 500.
 */
export function isInvalidText(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (code === "22021" || code === "22P05") return true;
    if (message && /invalid byte sequence for encoding|unsupported Unicode escape sequence/i.test(message)) return true;
  }
  return false;
}
