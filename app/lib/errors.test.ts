import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, storageFault } from "./errors";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("a read-only disk as PostgreSQL reports it", () => {
  it("is a storage fault: 42501 with the OS's words for EROFS, found under the driver's wrapping", () => {
    const panic = pgError(
      "42501",
      'could not write to log file "000000010000000000000001" at offset 8192, length 8192: Read-only file system',
    );
    const wrapped = new Error("Failed query: insert into orders …", {
      cause: Object.assign(new Error("down", { cause: panic }), { code: "57P03" }),
    });
    expect(isDatabaseUnavailable(panic)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(storageFault(wrapped)).toMatch(/^the database's disk is read-only: could not write to log file/);
  });

  it("but 42501 for a missing grant is no outage", () => {
    const denied = pgError("42501", "permission denied for table orders");
    expect(isDatabaseUnavailable(denied)).toBe(false);
    expect(storageFault(denied)).toBeNull();
  });
});
