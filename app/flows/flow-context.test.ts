import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { applyCourierReport } from "./apply-courier-report.server";
import { providersOf } from "./flow-context";
import { testProviders } from "../../tests/factories/test-providers";

describe("a flow's providers (flow-context.ts)", () => {
  const db = {} as Db;

  it("are the context's own", () => {
    const providers = testProviders();
    expect(providersOf({ db, providers }, "a flow")).toBe(providers);
  });

  it("left out of a flow that reads a courier's report: it says so before touching the database", async () => {
    await expect(
      applyCourierReport(
        { db },
        { id: "owner", name: "Owner" },
        { kind: "tracking", uploadId: "x", courierId: null, apply: false },
      ),
    ).rejects.toThrow(/applyCourierReport needs the providers/);
  });
});
