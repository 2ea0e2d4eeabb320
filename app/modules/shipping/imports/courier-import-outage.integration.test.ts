import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/lib/errors";
import { courierImports, orders, orderStatusHistory, productVariants, shipments, users } from "~/schema";
import { useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { bookParcels } from "~/flows/book-parcels.server";
import { parseCourierForm } from "../couriers/courier-form";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { saveCourierUpload } from "./run-courier-import.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { testProviders } from "../../../../tests/factories/test-providers";
import { createCourier } from "../couriers/couriers.server";

const OWNER = { id: "owner-outage", name: "Sana Owner" };
// The request context's providers, as start-up makes them: couriers through their portals' files.
const providers = testProviders();

/**
 * The database connection is cut in the middle of applying a tracking file (PostgreSQL ends the
 * import's session between two orders, as a restart or a network cut would). The file applies whole
 * or not at all: nothing of it stays, the upload is kept, and Apply once the database is back
 * applies it fully, once. (On PGlite the database lives in the shop's process: a cut there is the
 * process ending, and its uncommitted transaction is not replayed from the WAL.)
 */
describe("a courier import cut off by the database on postgres", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;
  let courierId: number;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-outage@example.pk", role: "seller" });
    await db()
      .update(productVariants)
      .set({ stock: 100 })
      .where(
        and(
          eq(productVariants.productId, TEST_ITEM.productId),
          eq(productVariants.color, TEST_ITEM.color),
          eq(productVariants.size, TEST_ITEM.size),
        ),
      );
    const parsed = parseCourierForm({
      name: "TCS",
      trackingUrl: "https://tcs.example.pk/track/{tracking}",
      accountCode: "",
      weightBands: "500 = 180",
      extraPerKg: "100",
      codFeePercent: "1",
      surchargePercent: "0",
      bookingColumns: "",
    });
    if (!parsed.ok) throw new Error("bad courier");
    courierId = (await createCourier(db(), parsed.data)).id;
  });

  it("applies nothing when the connection drops midway, keeps the upload, and applies whole on the next Apply", async () => {
    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(await placeTestOrder(db(), OWNER, { status: "confirmed", phone: `+9230055510${i}0` }));
    await bookParcels({ db: db() }, OWNER, { orderIds: placed.map((o) => o.id), courierId });
    const file = `Reference,CN Number\n${placed.map((o, i) => `${o.orderNumber},TCS-77${i}`).join("\n")}\n`;
    const uploadId = await saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name: "tcs-tracking.csv",
      bytes: new TextEncoder().encode(file),
    });

    // The second order's history row holds the import long enough for the connection to be cut there.
    await db().execute(
      sql.raw(`
      create function slow_second_move() returns trigger language plpgsql as $$
      begin
        if new.order_id = '${placed[1].id}' then perform pg_sleep(30); end if;
        return new;
      end $$;
      create trigger slow_second_move after insert on order_status_history for each row execute function slow_second_move();`),
    );

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const applying = applyCourierReport({ db: db(), providers }, OWNER, {
        kind: "tracking",
        uploadId,
        courierId: null,
        apply: true,
      }).then(
        () => null,
        (error: Error) => error,
      );
      // Wait until the first order has moved inside the import's transaction, then end its session.
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                "select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
              )
            ).rows[0].n,
          { timeout: 15_000 },
        )
        .toBe(1);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
      );
      const error = await applying;
      expect(isDatabaseUnavailable(error)).toBe(true); // answered 503, "please try again"
    } finally {
      await admin.end();
    }
    await db().execute(sql`drop trigger slow_second_move on order_status_history`);

    // Nothing of the file stayed: no order moved, no tracking number, no record of an applied file.
    const statuses = await db()
      .select({ status: orders.status, tracking: orders.trackingNumber })
      .from(orders)
      .where(sql`${orders.id} in ${placed.map((o) => o.id)}`);
    expect(statuses).toEqual(placed.map(() => ({ status: "confirmed", tracking: null })));
    expect(
      await db()
        .select()
        .from(shipments)
        .where(sql`${shipments.trackingNumber} is not null`),
    ).toEqual([]);
    expect(await db().select().from(courierImports)).toEqual([]);
    expect(await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.toStatus, "shipped"))).toEqual([]);

    // The same upload, applied again: the whole file, once.
    const applied = await applyCourierReport({ db: db(), providers }, OWNER, {
      kind: "tracking",
      uploadId,
      courierId: null,
      apply: true,
    });
    expect(applied.counts).toEqual({ change: 3, unchanged: 0, unmatched: 0, problem: 0 });
    const after = await db()
      .select({ number: orders.orderNumber, status: orders.status, tracking: orders.trackingNumber })
      .from(orders)
      .where(sql`${orders.id} in ${placed.map((o) => o.id)}`)
      .orderBy(orders.orderNumber);
    expect(after).toEqual(
      placed
        .map((o, i) => ({ number: o.orderNumber, status: "shipped", tracking: `TCS-77${i}` }))
        .sort((a, b) => a.number.localeCompare(b.number)),
    );
    expect(await db().select().from(courierImports)).toHaveLength(1);
  });
});
