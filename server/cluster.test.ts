import os from "node:os";
import { describe, expect, it } from "vitest";
import { processCount, restartDelayMs } from "./cluster";

const warnings: string[] = [];
const logger = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

describe("how many server processes", () => {
  it("runs one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise", () => {
    const url = "postgres://localhost/shop";
    expect(processCount({ DATABASE_URL: url, WEB_CONCURRENCY: undefined }, logger)).toBe(os.availableParallelism());
    expect(processCount({ DATABASE_URL: url, WEB_CONCURRENCY: 3 }, logger)).toBe(3);
    expect(warnings).toEqual([]);
  });

  it("stays one process on PGlite and says why when asked for more", () => {
    expect(processCount({ DATABASE_URL: undefined, WEB_CONCURRENCY: undefined }, logger)).toBe(1);
    expect(warnings).toEqual([]);
    expect(processCount({ DATABASE_URL: undefined, WEB_CONCURRENCY: 4 }, logger)).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /WEB_CONCURRENCY=4 is ignored: the embedded PGlite database can be opened by one process only.*DATABASE_URL/,
    );
  });
});

describe("replacing a dead worker", () => {
  it("replaces at once after a healthy life, then backs off up to 30 s while workers keep dying", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
