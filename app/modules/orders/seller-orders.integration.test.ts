import { putOrderItemsBack } from "~/flows/move-order.server";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { orders, orderStatusHistory, productVariants, users } from "~/schema";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/db/live-event";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { moveOrders } from "~/flows/move-order.server";
import { CSV_BATCH_SIZE, exportOrdersCsv } from "./export-orders-csv.server";
import { listSellerOrders, listSellerOrdersWithDetails } from "./list-seller-orders.server";
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from "./order-lifecycle";
import { ownerOrderFormSchema } from "./owner-order-form";
import { releaseCustomerOrders } from "./release-customer-orders.server";
import { moveOrder } from "~/flows/move-order.server";
import { parseCsv } from "../../../tests/factories/parse-csv";

const TEE = { productId: "essential-crew-neck-tee", price: 1299 };
const OWNER = { id: "owner-1", name: "Sana Owner" };
const NO_RULES = { maxCodOrderValue: null, blockedPhones: [] };
const DAY = 24 * 60 * 60 * 1000;

const shipping = (fullName: string, phone: string, extra: Partial<ShippingDetails> = {}): ShippingDetails => ({
  fullName,
  email: "buyer@example.pk",
  phone,
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: null,
  country: "Pakistan",
  ...extra,
});

describe.each(DATABASE_KINDS)("the owner's orders on %s", (kind) => {
  const database = useTestDatabase(kind);
  let variantId: number;
  const db = () => database.db;

  beforeAll(async () => {
    await database.db.insert(users).values([
      { id: OWNER.id, name: OWNER.name, email: "owner@example.pk", role: "seller" },
      { id: "buyer-1", name: "Ayesha", email: "ayesha@example.pk", role: "buyer" },
    ]);
    const [variant] = await database.db
      .update(productVariants)
      .set({ stock: 5000 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, "Black"),
          eq(productVariants.size, "M"),
        ),
      )
      .returning({ id: productVariants.id });
    variantId = variant.id;
  }, 300_000);

  const stock = async () =>
    (
      await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
    )[0].stock;
  const place = (opts: { quantity?: number; name?: string; phone?: string; userId?: string | null; now?: Date } = {}) =>
    placeOrder(
      { db: db(), now: opts.now },
      {
        userId: opts.userId === undefined ? "buyer-1" : opts.userId,
        items: [{ productId: TEE.productId, color: "Black", size: "M", quantity: opts.quantity ?? 1 }],
        shipping: shipping(opts.name ?? "Ayesha Khan", opts.phone ?? "+923001234567"),
        ...(opts.userId === null ? { enteredBy: { actor: OWNER, channel: "phone" as const } } : {}),
      },
    );
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  /** An order put straight into a status (delivered yesterday, so still returnable). */
  const orderIn = async (status: OrderStatus, quantity = 1) => {
    const placed = await place({ quantity });
    await db()
      .update(orders)
      .set({ status, deliveredAt: status === "delivered" ? new Date(Date.now() - DAY) : null })
      .where(eq(orders.id, placed.orderId));
    return placed;
  };

  it("allows exactly the lifecycle's moves and refuses every other one with its reason", async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const placed = await orderIn(from);
        const allowed = canMoveOrder(from, to, { deliveredAt: new Date(Date.now() - DAY) });
        const attempt = moveOrder({ db: db() }, OWNER, placed.orderId, { status: to });
        if (allowed) {
          await expect(attempt, `${from} -> ${to}`).resolves.toMatchObject({ from, status: to });
          expect((await orderRow(placed.orderId)).status).toBe(to);
        } else {
          await expect(attempt, `${from} -> ${to}`).rejects.toMatchObject({ code: "CONFLICT" });
          expect((await orderRow(placed.orderId)).status).toBe(from);
        }
      }
    }
  }, 120_000);

  it("says why a move is refused, and refuses a return after the 7-day window", async () => {
    const cancelled = await orderIn("cancelled");
    await expect(moveOrder({ db: db() }, OWNER, cancelled.orderId, { status: "shipped" })).rejects.toThrow(
      "A cancelled order cannot be marked shipped",
    );
    const old = await orderIn("delivered");
    await db()
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(orders.id, old.orderId));
    await expect(moveOrder({ db: db() }, OWNER, old.orderId, { status: "returned" })).rejects.toThrow(
      /return window has passed/,
    );
    await expect(moveOrder({ db: db() }, OWNER, "not-a-uuid", { status: "confirmed" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("walks an order to delivered: history, courier and tracking, payment collected", async () => {
    const placed = await place({ quantity: 2 });
    const t0 = Date.now();
    await moveOrder({ db: db(), now: new Date(t0 + 1000) }, OWNER, placed.orderId, { status: "confirmed" });
    await moveOrder({ db: db(), now: new Date(t0 + 2000) }, OWNER, placed.orderId, { status: "processing" });
    // Courier details belong to shipping, not to other moves.
    await expect(
      moveOrder({ db: db() }, OWNER, placed.orderId, { status: "cancelled", courierName: "TCS" }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await moveOrder({ db: db(), now: new Date(t0 + 3000) }, OWNER, placed.orderId, {
      status: "shipped",
      courierName: "TCS",
      trackingNumber: "TCS-111",
    });
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "shipped",
      courierName: "TCS",
      trackingNumber: "TCS-111",
      paymentStatus: "unpaid",
    });
    // Corrected on the shipped order, without a status change.
    await moveOrder({ db: db() }, OWNER, placed.orderId, { status: "shipped", trackingNumber: "TCS-222" });
    expect(await orderRow(placed.orderId)).toMatchObject({ courierName: "TCS", trackingNumber: "TCS-222" });
    await expect(moveOrder({ db: db() }, OWNER, placed.orderId, { status: "shipped" })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    const stockBefore = await stock();
    const deliveredAt = new Date(t0 + 4000);
    await moveOrder({ db: db(), now: deliveredAt }, OWNER, placed.orderId, { status: "delivered" });
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "delivered",
      paymentStatus: "collected",
      deliveredAt,
    });
    expect(await stock()).toBe(stockBefore);

    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorName])).toEqual([
      [null, "pending", "Customer"],
      ["pending", "confirmed", OWNER.name],
      ["confirmed", "processing", OWNER.name],
      ["processing", "shipped", OWNER.name],
      ["shipped", "delivered", OWNER.name],
    ]);
    expect(history[3].note).toBe("Courier: TCS, Tracking: TCS-111");
    expect(history[4].actorId).toBe(OWNER.id);

    const page = await listSellerOrdersWithDetails(db(), { status: null, q: placed.orderNumber, page: 1 }, NO_RULES);
    expect(page.orders[0].history.map((h) => h.to)).toEqual([
      "pending",
      "confirmed",
      "processing",
      "shipped",
      "delivered",
    ]);
  });

  it("puts stock back on cancel and on return, and marks the payment of a return", async () => {
    const cancelled = await orderIn("processing", 3);
    let before = await stock();
    await moveOrder({ db: db() }, OWNER, cancelled.orderId, { status: "cancelled" });
    expect(await stock()).toBe(before + 3);

    const refused = await orderIn("shipped", 2);
    before = await stock();
    await moveOrder({ db: db() }, OWNER, refused.orderId, { status: "returned" });
    expect(await stock()).toBe(before + 2);
    expect((await orderRow(refused.orderId)).paymentStatus).toBe("unpaid");

    const returned = await orderIn("shipped", 4);
    await moveOrder({ db: db() }, OWNER, returned.orderId, { status: "delivered" });
    before = await stock();
    await moveOrder({ db: db() }, OWNER, returned.orderId, { status: "returned" });
    expect(await stock()).toBe(before + 4);
    expect((await orderRow(returned.orderId)).paymentStatus).toBe("refunded");
  });

  it("puts stock back exactly once when two cancels race", async () => {
    const placed = await place({ quantity: 3 });
    const before = await stock();
    const results = await Promise.allSettled([
      moveOrder({ db: db() }, OWNER, placed.orderId, { status: "cancelled" }),
      moveOrder({ db: db() }, OWNER, placed.orderId, { status: "cancelled" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await stock()).toBe(before + 3);
    const rows = await db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, placed.orderId), eq(orderStatusHistory.toStatus, "cancelled")));
    expect(rows).toHaveLength(1);
  });

  it("anonymises a deleted customer's shipped order once it is delivered", async () => {
    await db().insert(users).values({ id: "leaving", name: "Leaving", email: "leaving@example.pk", role: "buyer" });
    const placed = await place({ userId: "leaving", phone: "+923450000001" });
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, placed.orderId));
    await releaseCustomerOrders(db(), "leaving", putOrderItemsBack);
    expect((await orderRow(placed.orderId)).address).toBe("12 Mall Road");
    await moveOrder({ db: db() }, OWNER, placed.orderId, { status: "delivered" });
    expect(await orderRow(placed.orderId)).toMatchObject({ fullName: "Deleted customer", phone: "", address: "" });
  });

  it("moves several orders at once, each on its own, and says which did not move and why", async () => {
    const a = await place();
    const b = await place();
    const gone = await orderIn("cancelled");
    const result = await moveOrders({ db: db() }, OWNER, [b.orderId, a.orderId, gone.orderId, "bogus"], "confirmed");
    expect(result.moved.map((m) => m.orderId).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(result.failed).toEqual(
      expect.arrayContaining([
        {
          orderId: gone.orderId,
          orderNumber: gone.orderNumber,
          reason: "A cancelled order cannot be marked confirmed",
        },
        { orderId: "bogus", orderNumber: null, reason: "Order not found" },
      ]),
    );
    expect((await orderRow(a.orderId)).status).toBe("confirmed");
    expect((await orderRow(gone.orderId)).status).toBe("cancelled");
  });

  it("places an order the owner enters with the channel, no account, and the same rules", async () => {
    const read = ownerOrderFormSchema.safeParse({
      channel: "whatsapp",
      fullName: "Zara Phone",
      email: "",
      phone: "0321-7654321",
      city: "Karachi",
      address: "Flat 3, Clifton",
      "items[0].productId": TEE.productId,
      "items[0].color": "Black",
      "items[0].size": "M",
      "items[0].quantity": "2",
    });
    if (!read.success) throw new Error(JSON.stringify(read.error.issues));
    const parsed = read.data;
    const before = await stock();
    const placed = await placeOrder(
      { db: db() },
      {
        userId: null,
        items: parsed.items,
        shipping: parsed.shipping,
        idempotencyKey: "owner-key-1",
        enteredBy: { actor: OWNER, channel: parsed.channel },
      },
    );
    const again = await placeOrder(
      { db: db() },
      {
        userId: null,
        items: parsed.items,
        shipping: parsed.shipping,
        idempotencyKey: "owner-key-1",
        enteredBy: { actor: OWNER, channel: parsed.channel },
      },
    );
    expect(again).toMatchObject({ orderId: placed.orderId, created: false });
    expect(await stock()).toBe(before - 2);
    expect(await orderRow(placed.orderId)).toMatchObject({
      channel: "whatsapp",
      placedBy: OWNER.id,
      userId: null,
      email: "",
      phone: "+923217654321",
      status: "pending",
      total: 2 * TEE.price + 200,
    });
    const [first] = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId));
    expect(first).toMatchObject({
      fromStatus: null,
      toStatus: "pending",
      actorName: OWNER.name,
      note: "WhatsApp order entered by the shop",
    });

    // More than the stock: refused, nothing taken.
    await expect(
      placeOrder(
        { db: db() },
        {
          userId: null,
          items: [
            { ...parsed.items[0], quantity: 99 },
            { productId: TEE.productId, color: "White", size: "XS", quantity: 99 },
          ],
          shipping: parsed.shipping,
          idempotencyKey: "owner-key-2",
          enteredBy: { actor: OWNER, channel: "phone" },
        },
      ),
    ).rejects.toMatchObject({ code: "OUT_OF_STOCK" });
    expect(await stock()).toBe(before - 2);
  });

  it("searches by order number, by phone however it is written and by name; filters by status; paginates with counts", async () => {
    const base = new Date("2024-01-01T09:00:00Z").getTime();
    const mine: { orderId: string; orderNumber: string }[] = [];
    for (let i = 0; i < 23; i++)
      mine.push(await place({ name: `Paginated Person`, phone: "+923119998877", now: new Date(base + i * 60_000) }));
    const other = await place({ name: "Nadia O'Brien", phone: "+923335556677" });

    const byPhone = await listSellerOrders(db(), { status: null, q: "0311-9998877", page: 1 });
    expect(byPhone.total).toBe(23);
    expect(byPhone.pageCount).toBe(2);
    expect(byPhone.orders).toHaveLength(20);
    // Newest first.
    expect(byPhone.orders[0].id).toBe(mine[22].orderId);
    const second = await listSellerOrders(db(), { status: null, q: "+92 311 9998877", page: 2 });
    expect(second.orders.map((o) => o.id)).toEqual([mine[2].orderId, mine[1].orderId, mine[0].orderId]);
    // A page past the end shows the last page.
    expect((await listSellerOrders(db(), { status: null, q: "03119998877", page: 9 })).page).toBe(2);

    const digits = other.orderNumber.slice(4);
    expect((await listSellerOrders(db(), { status: null, q: digits, page: 1 })).orders.map((o) => o.id)).toEqual([
      other.orderId,
    ]);
    expect(
      (await listSellerOrders(db(), { status: null, q: other.orderNumber.toLowerCase(), page: 1 })).orders.map(
        (o) => o.id,
      ),
    ).toEqual([other.orderId]);
    expect((await listSellerOrders(db(), { status: null, q: "o'brien", page: 1 })).orders.map((o) => o.id)).toEqual([
      other.orderId,
    ]);
    expect((await listSellerOrders(db(), { status: null, q: "%", page: 1 })).total).toBe(0);

    await moveOrder({ db: db() }, OWNER, mine[5].orderId, { status: "confirmed" });
    const confirmed = await listSellerOrders(db(), { status: "confirmed", q: "03119998877", page: 1 });
    expect(confirmed.orders.map((o) => o.id)).toEqual([mine[5].orderId]);
    const counts = confirmed.statusCounts;
    const [{ n }] = (
      (await db().execute(`select count(*)::int as n from orders where status = 'pending'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(counts.pending).toBe(Number(n));
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe((await db().select().from(orders)).length);
  });

  it("shows each customer's earlier orders and how many were cancelled, refused or returned", async () => {
    const phone = "+923224443322";
    const t = Date.now() - 10 * DAY;
    const o1 = await place({ phone, userId: null, now: new Date(t) });
    const o2 = await place({ phone, userId: null, now: new Date(t + DAY) });
    const o3 = await place({ phone, userId: null, now: new Date(t + 2 * DAY) });
    const o4 = await place({ phone, userId: null, now: new Date(t + 3 * DAY) });
    const latest = await place({ phone, userId: null, now: new Date(t + 4 * DAY) });
    await moveOrder({ db: db() }, OWNER, o1.orderId, { status: "cancelled" });
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, o2.orderId));
    await moveOrder({ db: db() }, OWNER, o2.orderId, { status: "returned" });
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, o3.orderId));
    await moveOrder({ db: db() }, OWNER, o3.orderId, { status: "delivered" });
    await moveOrder({ db: db() }, OWNER, o3.orderId, { status: "returned" });

    const page = await listSellerOrdersWithDetails(db(), { status: null, q: phone, page: 1 }, NO_RULES);
    const newest = page.orders.find((o) => o.id === latest.orderId)!;
    expect(newest.customer).toMatchObject({ earlierOrders: 4, cancelled: 1, refused: 1, returned: 1 });
    expect(newest.customer.recent.map((r) => r.orderNumber)).toEqual([
      o4.orderNumber,
      o3.orderNumber,
      o2.orderNumber,
      o1.orderNumber,
    ]);
    expect(page.orders.find((o) => o.id === o1.orderId)!.customer.earlierOrders).toBe(0);
  });

  it("offers only the allowed moves and flags orders that break today's COD rules", async () => {
    await place({ phone: "+923219990001", quantity: 1 });
    await place({ phone: "+923219990002", quantity: 3 });
    const shippedDelivered = await orderIn("delivered");
    await db()
      .update(orders)
      .set({ phone: "+923219990003", deliveredAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(orders.id, shippedDelivered.orderId));
    const rules = { maxCodOrderValue: 3000, blockedPhones: ["+923219990001"] };
    const flagsOf = async (q: string) =>
      (await listSellerOrdersWithDetails(db(), { status: null, q, page: 1 }, rules)).orders[0];
    expect((await flagsOf("03219990001")).riskFlags.map((f) => f.kind)).toEqual(["blocked-phone"]);
    expect((await flagsOf("03219990002")).riskFlags.map((f) => f.label)).toEqual(["Above the COD limit of Rs 3,000"]);
    expect((await flagsOf("03219990001")).nextStatuses).toEqual(["confirmed", "cancelled"]);
    // Delivered ten days ago: past the return window, nothing left to do.
    expect((await flagsOf("03219990003")).nextStatuses).toEqual([]);
    expect(
      (await listSellerOrdersWithDetails(db(), { status: null, q: "03219990002", page: 1 }, NO_RULES)).orders[0]
        .riskFlags,
    ).toEqual([]);
  });

  it("exports the filtered orders as CSV in batches, quoting commas and quotes and neutralising formulas", async () => {
    const phone = "+923068887766";
    const tricky = await place({ name: 'Khan, Ali "Bhai"', phone });
    const formula = await place({ name: '=HYPERLINK("http://evil")', phone });
    const chunks: string[] = [];
    for await (const chunk of exportOrdersCsv(db(), { status: null, q: "0306 8887766" })) chunks.push(chunk);
    const rows = parseCsv(chunks.join(""));
    expect(rows[0][0]).toBe("Order Number");
    expect(rows).toHaveLength(3);
    const byNumber = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byNumber.get(tricky.orderNumber)![5]).toBe('Khan, Ali "Bhai"');
    expect(byNumber.get(formula.orderNumber)![5]).toBe('\'=HYPERLINK("http://evil")');
    expect(byNumber.get(tricky.orderNumber)![6]).toBe("0306 8887766");
    expect(byNumber.get(tricky.orderNumber)![11]).toBe("1 x Essential Crew Neck Tee (Black, M)");
    // Subtotal, discount code and amount (none here), shipping, store credit, exchange credit and COD fee
    // (none), total, paid online (nothing) and the cash to collect.
    expect(byNumber.get(tricky.orderNumber)!.slice(12, 22)).toEqual([
      String(TEE.price),
      "",
      "0",
      "200",
      "0",
      "0",
      "0",
      String(TEE.price + 200),
      "0",
      String(TEE.price + 200),
    ]);

    // Everything, across several batches, each order once.
    const all: string[] = [];
    for await (const chunk of exportOrdersCsv(db(), { status: null, q: "" })) all.push(chunk);
    const numbers = parseCsv(all.join(""))
      .slice(1)
      .map((r) => r[0]);
    const total = (await db().select({ id: orders.id }).from(orders)).length;
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
    expect(all.length).toBeGreaterThanOrEqual(1 + Math.ceil(total / CSV_BATCH_SIZE));
  });

  it("announces a status change to every server process", async () => {
    const placed = await place();
    const other = kind === "postgres" ? await openDatabase({ databaseUrl: database.url, dataDir: "" }) : database;
    const heard: LiveEvent[] = [];
    const stop = await other.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event) heard.push(event);
    });
    try {
      await moveOrder({ db: db() }, OWNER, placed.orderId, { status: "confirmed" });
      await expect
        .poll(() => heard.some((e) => e.topic === "orders" && e.userId === "buyer-1"), { timeout: 3000 })
        .toBe(true);
    } finally {
      await stop();
      if (other !== database) await other.close();
    }
  });
});
