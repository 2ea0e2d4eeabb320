import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couriers, orders, users } from "~/schema";
import { closeProviders, type Providers } from "~/integrations/providers.server";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import { bookApiParcels, insertApiCourier, testCourierBox } from "../tests/factories/test-api-couriers";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { testProviders } from "../tests/factories/test-providers";
import { startCourierSync } from "./courier-sync-job";

const OWNER = { id: "owner-job", name: "Owner" };

/** The timer each server process starts: it asks a due courier by itself and logs what moved, never a credential. */
describe.each(DATABASE_KINDS)("the courier sync job on %s", (kind) => {
  const database = useTestDatabase(kind);
  let postex: PostexStandIn;
  let providers: Providers;

  beforeAll(async () => {
    postex = await startPostexStandIn();
    providers = testProviders({ postexApiUrl: postex.url });
    await database.db
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-job@example.pk", role: "seller" });
  });
  afterAll(async () => {
    await closeProviders(providers);
    await postex?.stop();
  });

  it("ships a picked-up parcel on its own and logs the courier's summary", async () => {
    const credentials = { token: postex.token };
    const courier = {
      id: await insertApiCourier(database.db, "postex", credentials),
      kind: "postex" as const,
      credentials,
    };
    const [a] = await bookApiParcels(database.db, providers, OWNER, courier, 1);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 60 * 60 * 1000) });
    const lines: { level: string; fields: unknown; message: string }[] = [];
    // pino's shape as the job calls it: (fields, message).
    const log = (level: string) =>
      ((fields: unknown, message: string) => void lines.push({ level, fields, message })) as never;
    const stop = startCourierSync(
      database.db,
      providers,
      testCourierBox,
      { info: log("info"), warn: log("warn"), error: log("error") },
      50,
    );
    try {
      await expect
        .poll(
          async () =>
            (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, a.id)))[0].status,
          { timeout: 20_000, interval: 100 },
        )
        .toBe("shipped");
      await expect
        .poll(() => lines.some((l) => l.message.includes("1 parcel asked, 1 shipped")), { timeout: 5_000 })
        .toBe(true);
    } finally {
      stop();
    }
    const [row] = await database.db
      .select({ trackedAt: couriers.trackedAt })
      .from(couriers)
      .where(eq(couriers.id, courier.id));
    expect(row.trackedAt).not.toBeNull();
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain(postex.token);
  });
});
