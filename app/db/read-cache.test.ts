import { describe, expect, it } from "vitest";
import type { DbOrTx } from "./client.server";
import { enableReadCache, readThrough } from "./read-cache.server";

/** A handle of its own per test: the cache is keyed on the database object. */
const handle = () => ({}) as DbOrTx;

describe("the read cache's byte budget", () => {
  it("weighs each loaded value and drops the least recently read past the budget", async () => {
    const db = handle();
    // Each value weighs about 1,580 bytes (its JSON and a little): four fit in 6,400.
    const cache = enableReadCache(db, 6_400);
    let loads = 0;
    const load = (text: string) => async () => (loads++, { text });
    for (const key of ["a", "b", "c", "d"]) await readThrough(db, "catalog", key, load("x".repeat(1_500)));
    await Promise.resolve();
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBeGreaterThan(6_000);
    await readThrough(db, "catalog", "a", load("unused")); // a is now the most recent
    expect(loads).toBe(4);
    await readThrough(db, "catalog", "e", load("x".repeat(1_500)));
    await Promise.resolve();
    expect(cache.bytes).toBeLessThanOrEqual(6_400);
    expect((await readThrough(db, "catalog", "a", load("again"))).text).toBe("x".repeat(1_500));
    expect((await readThrough(db, "catalog", "b", load("reloaded"))).text).toBe("reloaded");
  });

  it("never keeps a value heavier than a quarter of the budget, and keeps none with a budget of 0", async () => {
    const db = handle();
    const cache = enableReadCache(db, 10_000);
    await readThrough(db, "catalog", "big", async () => "x".repeat(5_000));
    await Promise.resolve();
    expect(cache.size).toBe(0);

    const off = handle();
    enableReadCache(off, 0);
    let loads = 0;
    for (let i = 0; i < 2; i++) await readThrough(off, "settings", "s", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const db = handle();
    const cache = enableReadCache(db, 10_000);
    await expect(readThrough(db, "shopper", "u1", async () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(cache.size).toBe(0);
    expect(await readThrough(db, "shopper", "u1", async () => "up")).toBe("up");
  });
});
