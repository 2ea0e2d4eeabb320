import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { customers, orders, refunds, returnRequests, shopSettings, users, type OrderStatus } from "~/schema";
import { listBookingCandidates } from "~/modules/shipping/booking/booking-candidates.server";
import { prepareAccountDeletion } from "~/flows/delete-account.server";
import { placeOrder } from "~/flows/place-order.server";
import { moveOrder } from "~/flows/move-order.server";
import { listSellerOrdersWithDetails } from "~/modules/orders/list-seller-orders.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../tests/factories/test-orders";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { CUSTOMER_SORTS, readCustomerQuery, type CustomerQuery } from "./customer-query";
import { addCustomerNote, deleteCustomerNote, setNoteShowOnOrders } from "./customer-notes.server";
import {
  deleteCustomerSegment,
  getCustomerSegment,
  listCustomerSegments,
  saveCustomerSegment,
} from "./customer-segments.server";
import { addCustomerTag, removeCustomerTag } from "./customer-tags.server";
import { exportCustomersCsv } from "./export-customers-csv.server";
import { getCustomer } from "./get-customer.server";
import { listCustomers } from "./list-customers.server";

const q = (text: string): CustomerQuery => readCustomerQuery(new URLSearchParams(text)).query;

/**
 * An order written straight into the table (the way the bench builds 200,000): the customers row
 * follows by the database's own triggers, whatever wrote the order.
 */
async function rawOrder(
  db: Db,
  o: {
    phone: string;
    name?: string;
    city?: string;
    email?: string;
    status?: OrderStatus;
    total?: number;
    at?: Date;
    code?: string | null;
    userId?: string | null;
  },
): Promise<string> {
  const total = o.total ?? 2000;
  const at = o.at ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${randomUUID().slice(0, 10)}`,
      status: o.status ?? "pending",
      channel: "phone",
      userId: o.userId ?? null,
      subtotal: total - 200,
      shippingFee: 200,
      total,
      discountCode: o.code ?? null,
      fullName: o.name ?? "Test Customer",
      email: o.email ?? "",
      phone: o.phone,
      address: "1 Test Road",
      city: o.city ?? "Lahore",
      deliveryFrom: at,
      deliveryTo: at,
      createdAt: at,
      deliveredAt: o.status === "delivered" ? at : null,
    })
    .returning({ id: orders.id });
  return row.id;
}

const customerOf = async (db: Db, phone: string) =>
  (await db.select().from(customers).where(eq(customers.phone, phone)))[0] ?? null;

describe.each(DATABASE_KINDS)("customers on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const owner = { id: "", name: "Sana (owner)" };
  let buyer: string;

  beforeAll(async () => {
    owner.id = randomUUID();
    await db()
      .insert(users)
      .values({ id: owner.id, name: owner.name, email: `${owner.id}@shop.pk`, role: "seller" });
    buyer = await createTestBuyer(db(), "Bilal Ahmed");
  }, 300_000);

  it("an account's web order and an order the owner entered with the same phone are one customer", async () => {
    const phone = "+923001230001";
    await placeOrder(
      { db: db() },
      {
        userId: buyer,
        items: [{ ...TEST_ITEM, quantity: 1 }],
        shipping: {
          fullName: "Bilal Ahmed",
          email: "bilal@example.pk",
          phone,
          city: "Karachi",
          address: "5 Clifton",
          postalCode: null,
          country: "Pakistan",
        },
      },
    );
    await placeTestOrder(db(), owner, { phone, name: "Bilal A.", city: "Hyderabad" });
    const rows = await db().select().from(customers).where(eq(customers.phone, phone));
    expect(rows).toHaveLength(1);
    // The newest order gives the name and city; the e-mail and account come from the newest order that has them.
    expect(rows[0]).toMatchObject({
      orders: 2,
      name: "Bilal A.",
      city: "Hyderabad",
      userId: buyer,
      delivered: 0,
      returned: 0,
      deliveryRate: null,
    });
    expect(rows[0].email).toBeTruthy();
  });

  it("keeps the figures through deliver, return, cancel and a refund (the lifetime value falls)", async () => {
    const phone = "+923001230002";
    const a = await rawOrder(db(), { phone, total: 3000 });
    const b = await rawOrder(db(), { phone, total: 2000 });
    const c = await rawOrder(db(), { phone, total: 1000 });
    const d = await rawOrder(db(), { phone, total: 1500 });
    for (const id of [a, b])
      await db().update(orders).set({ status: "delivered", deliveredAt: new Date() }).where(eq(orders.id, id));
    await db().update(orders).set({ status: "returned" }).where(eq(orders.id, c));
    await moveOrder({ db: db() }, owner, d, { status: "cancelled" });
    expect(await customerOf(db(), phone)).toMatchObject({
      orders: 4,
      delivered: 2,
      returned: 1,
      cancelled: 1,
      deliveryRate: 66,
      lifetimeValue: 5000,
      averageOrder: 2500,
    });

    const [request] = await db()
      .insert(returnRequests)
      .values({ returnNumber: `RT-${randomUUID().slice(0, 6)}`, orderId: a, reason: "wrong_size" })
      .returning({ id: returnRequests.id });
    await db()
      .insert(refunds)
      .values({ returnId: request.id, orderId: a, method: "cash", amount: 700, recordedByName: owner.name });
    expect(await customerOf(db(), phone)).toMatchObject({ lifetimeValue: 4300, averageOrder: 2150 });
    const detail = await getCustomer(db(), (await customerOf(db(), phone))!.id);
    expect(detail.returns.map((r) => r.id)).toEqual([request.id]);
    expect(detail.orders).toHaveLength(4);
  });

  it("a phone change moves the order to the other customer; an anonymised order (account deleted) takes the row away", async () => {
    const first = "+923001230003";
    const second = "+923001230004";
    const kept = await rawOrder(db(), { phone: first });
    const moving = await rawOrder(db(), { phone: first, name: "Moved Person" });
    await db().update(orders).set({ phone: second }).where(eq(orders.id, moving));
    expect(await customerOf(db(), first)).toMatchObject({ orders: 1 });
    expect(await customerOf(db(), second)).toMatchObject({ orders: 1, name: "Moved Person" });
    await db().delete(orders).where(eq(orders.id, kept));
    expect(await customerOf(db(), first)).toBeNull();

    const leaving = await createTestBuyer(db(), "Leaving Buyer");
    const phone = "+923001230005";
    await placeOrder(
      { db: db() },
      {
        userId: leaving,
        items: [{ ...TEST_ITEM, quantity: 1 }],
        shipping: {
          fullName: "Leaving Buyer",
          email: "leaving@example.pk",
          phone,
          city: "Multan",
          address: "9 Road",
          postalCode: null,
          country: "Pakistan",
        },
      },
    );
    expect(await customerOf(db(), phone)).toMatchObject({ orders: 1, userId: leaving });
    await prepareAccountDeletion({ db: db() }, leaving);
    await db().delete(users).where(eq(users.id, leaving));
    expect(await customerOf(db(), phone)).toBeNull();
  });

  describe("the list", () => {
    const P = (n: number) => `+92321555${String(n).padStart(4, "0")}`;
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    let ids: Record<string, number>;

    beforeAll(async () => {
      // Four customers with known figures, apart from the others by the 0321 555 prefix.
      const made: [string, Parameters<typeof rawOrder>[1][]][] = [
        [
          "amna",
          [
            {
              phone: P(1),
              name: "Amna Tariq",
              city: "Lahore",
              email: "amna@mail.pk",
              status: "delivered",
              total: 5000,
              at: day("2026-01-05"),
            },
            {
              phone: P(1),
              name: "Amna Tariq",
              city: "Lahore",
              email: "amna@mail.pk",
              status: "delivered",
              total: 3000,
              at: day("2026-03-10"),
              code: "EID10",
            },
          ],
        ],
        [
          "bashir",
          [
            {
              phone: P(2),
              name: "Bashir Khan",
              city: "Quetta",
              status: "returned",
              total: 2000,
              at: day("2026-02-01"),
            },
            {
              phone: P(2),
              name: "Bashir Khan",
              city: "Quetta",
              status: "returned",
              total: 2000,
              at: day("2026-02-02"),
            },
            {
              phone: P(2),
              name: "Bashir Khan",
              city: "Quetta",
              status: "returned",
              total: 2000,
              at: day("2026-02-03"),
            },
            {
              phone: P(2),
              name: "Bashir Khan",
              city: "Quetta",
              status: "delivered",
              total: 2000,
              at: day("2026-02-20"),
            },
          ],
        ],
        [
          "chand",
          [
            {
              phone: P(3),
              name: "Chand Bibi",
              city: "Karachi",
              email: "chand@web.pk",
              status: "pending",
              total: 1500,
              at: day("2026-04-01"),
            },
          ],
        ],
        [
          "danish",
          [
            { phone: P(4), name: "=Aaron", city: "Lahore", status: "delivered", total: 9000, at: day("2025-12-01") },
            { phone: P(4), name: "=Aaron", city: "Lahore", status: "cancelled", total: 1000, at: day("2025-12-02") },
          ],
        ],
      ];
      ids = {};
      for (const [key, list] of made) {
        for (const o of list) await rawOrder(db(), o);
        ids[key] = (await customerOf(db(), list[0].phone))!.id;
      }
      await addCustomerTag(db(), ids.amna, { tag: "VIP" });
      await addCustomerTag(db(), ids.bashir, { tag: "risky" });
    }, 120_000);

    const names = async (text: string) =>
      (await listCustomers(db(), q(`q=0321555&${text}`))).customers.map((c) => c.name);

    it("finds a customer by phone in each form the owner types, by name and by e-mail", async () => {
      for (const typed of ["0321 5550001", "+92 321 5550001", "923215550001", "03215550001", "0092-321-5550001"]) {
        expect(
          (await listCustomers(db(), q(`q=${encodeURIComponent(typed)}`))).customers.map((c) => c.name),
          typed,
        ).toEqual(["Amna Tariq"]);
      }
      expect((await listCustomers(db(), q("q=0321%20555000"))).total).toBe(4);
      expect((await listCustomers(db(), q("q=chand"))).customers.map((c) => c.name)).toEqual(["Chand Bibi"]);
      expect((await listCustomers(db(), q("q=AMNA%40MAIL"))).customers.map((c) => c.name)).toEqual(["Amna Tariq"]);
      expect((await listCustomers(db(), q("q=web.pk"))).customers.map((c) => c.name)).toEqual(["Chand Bibi"]);
      expect((await listCustomers(db(), q("q=%25"))).total).toBe(0);
    });

    it("filters by city, tag and every figure, and by the last order's Pakistan date", async () => {
      expect(await names("")).toEqual(["Chand Bibi", "Amna Tariq", "Bashir Khan", "=Aaron"]);
      expect(await names("city=lahore")).toEqual(["Amna Tariq", "=Aaron"]);
      expect(await names("tag=vip")).toEqual(["Amna Tariq"]);
      expect(await names("ordersMin=2&ordersMax=3")).toEqual(["Amna Tariq", "=Aaron"]);
      expect(await names("deliveredMin=2")).toEqual(["Amna Tariq"]);
      expect(await names("deliveredMax=0")).toEqual(["Chand Bibi"]);
      expect(await names("returnedMin=1")).toEqual(["Bashir Khan"]);
      expect(await names("returnedMax=0")).toEqual(["Chand Bibi", "Amna Tariq", "=Aaron"]);
      expect(await names("rateBelow=50")).toEqual(["Bashir Khan"]);
      expect(await names("rateAbove=50")).toEqual(["Amna Tariq", "=Aaron"]);
      expect(await names("valueMin=8000")).toEqual(["Amna Tariq", "=Aaron"]);
      expect(await names("valueMax=2000")).toEqual(["Chand Bibi", "Bashir Khan"]);
      expect(await names("lastFrom=2026-02-20&lastTo=2026-03-10")).toEqual(["Amna Tariq", "Bashir Khan"]);
      expect(await names("lastTo=2025-12-31")).toEqual(["=Aaron"]);
      // A refused value is named for its field and leaves the filter out.
      const refused = readCustomerQuery(new URLSearchParams("ordersMin=two&lastFrom=2026-02-30&rateBelow=120"));
      expect(Object.keys(refused.errors).sort()).toEqual(["lastFrom", "ordersMin", "rateBelow"]);
      expect(refused.query.ordersMin).toBeNull();
    });

    it("sorts by every figure, name, city and date, both ways", async () => {
      const expected: Record<string, string[]> = {
        lastOrder: ["Chand Bibi", "Amna Tariq", "Bashir Khan", "=Aaron"],
        firstOrder: ["Chand Bibi", "Bashir Khan", "Amna Tariq", "=Aaron"],
        orders: ["Bashir Khan", "=Aaron", "Amna Tariq", "Chand Bibi"],
        delivered: ["Amna Tariq", "=Aaron", "Bashir Khan", "Chand Bibi"],
        returned: ["Bashir Khan", "=Aaron", "Chand Bibi", "Amna Tariq"],
        deliveryRate: ["=Aaron", "Amna Tariq", "Bashir Khan", "Chand Bibi"],
        lifetimeValue: ["=Aaron", "Amna Tariq", "Bashir Khan", "Chand Bibi"],
        averageOrder: ["=Aaron", "Amna Tariq", "Bashir Khan", "Chand Bibi"],
        // "=Aaron" sorts first whether the collation reads the "=" or skips it.
        name: ["=Aaron", "Amna Tariq", "Bashir Khan", "Chand Bibi"],
        city: ["Chand Bibi", "Amna Tariq", "=Aaron", "Bashir Khan"],
      };
      for (const sort of CUSTOMER_SORTS) {
        const desc = await names(`sort=${sort}&dir=desc`);
        const asc = await names(`sort=${sort}&dir=asc`);
        if (sort === "name" || sort === "city") expect(asc, sort).toEqual(expected[sort]);
        else expect(desc, sort).toEqual(expected[sort]);
        // Ties break by id the same way, so the other direction is the exact reverse (no rate yet: last both ways).
        if (sort === "deliveryRate") expect(asc).toEqual(["Bashir Khan", "Amna Tariq", "=Aaron", "Chand Bibi"]);
        else expect(asc, sort).toEqual([...desc].reverse());
      }
    });

    it("saves a segment (a taken name is refused beside the field) and exports it, every row, guarded against formulas", async () => {
      const saved = await saveCustomerSegment(
        db(),
        { name: "Lahore buyers", query: "city=Lahore&page=3&sort=name" },
        owner.id,
      );
      expect(saved.query).toBe("city=Lahore&sort=name");
      await expect(saveCustomerSegment(db(), { name: "  lahore BUYERS ", query: "" }, owner.id)).rejects.toMatchObject({
        code: "VALIDATION",
        fields: { name: expect.stringContaining("already exists") },
      });
      await expect(saveCustomerSegment(db(), { name: "   ", query: "" }, owner.id)).rejects.toMatchObject({
        fields: { name: expect.any(String) },
      });
      expect((await listCustomerSegments(db())).map((s) => s.name)).toEqual(["Lahore buyers"]);
      const segment = await getCustomerSegment(db(), saved.id);
      const lahore = (await listCustomers(db(), q(segment.query))).customers.map((c) => c.phone);
      expect(lahore).toContain(P(1));
      expect(lahore).toContain(P(4));

      let csv = "";
      for await (const chunk of exportCustomersCsv(db(), q("q=0321555&sort=name"))) csv += chunk;
      const lines = csv.trim().split("\n");
      expect(lines[0]).toMatch(/^Name,Phone,Email,City,Tags,Orders/);
      expect(lines[1]).toMatch(/^'=Aaron,0321 5550004,,Lahore,,2,1,0,1,100,9000,9000,/);
      expect(lines[2]).toContain("Amna Tariq,0321 5550001,amna@mail.pk,Lahore,VIP,2,2,0,0,100,8000,4000");
      expect(lines).toHaveLength(5);
      expect(await deleteCustomerSegment(db(), saved.id)).toEqual({ name: "Lahore buyers" });
    });

    it("exports every matching customer, not a page", async () => {
      for (let i = 0; i < 30; i++)
        await rawOrder(db(), { phone: `+92345777${String(i).padStart(4, "0")}`, name: `Bulk ${i}` });
      expect((await listCustomers(db(), q("q=0345777"))).customers).toHaveLength(25);
      // A name search counts with its page; past the last page it shows the last one.
      expect(await listCustomers(db(), q("q=bulk&page=2"))).toMatchObject({
        total: 30,
        page: 2,
        pageCount: 2,
        customers: expect.any(Array),
      });
      expect((await listCustomers(db(), q("q=bulk&page=2"))).customers).toHaveLength(5);
      expect(await listCustomers(db(), q("q=bulk&page=9"))).toMatchObject({ total: 30, page: 2 });
      expect((await listCustomers(db(), q("q=bulk&page=9"))).customers).toHaveLength(5);
      let csv = "";
      for await (const chunk of exportCustomersCsv(db(), q("q=0345777"))) csv += chunk;
      expect(csv.trim().split("\n")).toHaveLength(31);
    });

    it("tags: trimmed, 1 to 30 characters, the same tag in any case refused; removed by any case", async () => {
      await expect(addCustomerTag(db(), ids.amna, { tag: "  vip " })).rejects.toMatchObject({
        fields: { tag: 'This customer already has the tag "VIP"' },
      });
      await expect(addCustomerTag(db(), ids.amna, { tag: "x".repeat(31) })).rejects.toMatchObject({
        fields: { tag: expect.stringContaining("30") },
      });
      await expect(addCustomerTag(db(), ids.amna, { tag: " " })).rejects.toMatchObject({
        fields: { tag: expect.any(String) },
      });
      await expect(addCustomerTag(db(), 999_999, { tag: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await addCustomerTag(db(), ids.amna, { tag: "  wholesale   buyer " });
      expect((await getCustomer(db(), ids.amna)).tags).toEqual(["VIP", "wholesale buyer"]);
      await removeCustomerTag(db(), ids.amna, "WHOLESALE BUYER");
      expect((await getCustomer(db(), ids.amna)).tags).toEqual(["VIP"]);
    });

    it("a customer's page lists the discount codes they used and the e-mails sent to their address", async () => {
      const detail = await getCustomer(db(), ids.amna);
      expect(detail.discountCodes).toEqual([{ code: "EID10", orders: 1 }]);
      await db().execute(
        sql`insert into message_outbox (kind, to_address, subject, data) values ('order_placed', 'AMNA@mail.pk', 'Your order', '{}'::jsonb)`,
      );
      const after = await getCustomer(db(), ids.amna);
      expect(after.emails.map((e) => e.subject)).toEqual(["Your order"]);
      expect(after.emailCount).toBe(1);
      await expect(getCustomer(db(), "abc")).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("notes on orders and risk flags", () => {
    it("a note marked show-on-orders shows on each of the customer's orders, old and new, while the mark is on", async () => {
      const phone = "+923331110001";
      const old = await placeTestOrder(db(), owner, { phone, name: "Noted Buyer" });
      const id = (await customerOf(db(), phone))!.id;
      await expect(addCustomerNote(db(), id, owner, { body: "   ", showOnOrders: true })).rejects.toMatchObject({
        fields: { body: expect.any(String) },
      });
      await expect(
        addCustomerNote(db(), id, owner, { body: "x".repeat(1001), showOnOrders: true }),
      ).rejects.toMatchObject({ fields: { body: expect.stringContaining("1000") } });
      const { id: noteId } = await addCustomerNote(db(), id, owner, {
        body: "Call before 5 pm <b>only</b>",
        showOnOrders: true,
      });
      await addCustomerNote(db(), id, owner, { body: "Private remark", showOnOrders: false });
      const fresh = await placeTestOrder(db(), owner, { phone, name: "Noted Buyer" });
      const notesOn = async (orderNumber: string) =>
        (
          await listSellerOrdersWithDetails(
            db(),
            { status: null, q: orderNumber, page: 1 },
            { maxCodOrderValue: null, blockedPhones: [] },
          )
        ).orders[0];
      for (const o of [old, fresh]) {
        const shown = await notesOn(o.orderNumber);
        expect(shown.customerId).toBe(id);
        expect(shown.customerNotes.map((n) => [n.body, n.authorName])).toEqual([
          ["Call before 5 pm <b>only</b>", owner.name],
        ]);
      }
      await setNoteShowOnOrders(db(), id, noteId, false);
      expect((await notesOn(old.orderNumber)).customerNotes).toEqual([]);
      const detail = await getCustomer(db(), id);
      expect(detail.notes.map((n) => [n.body, n.showOnOrders])).toEqual([
        ["Private remark", false],
        ["Call before 5 pm <b>only</b>", false],
      ]);
      await deleteCustomerNote(db(), id, noteId);
      expect((await getCustomer(db(), id)).notes).toHaveLength(1);
    });

    it("flags an order by a risk tag and by a delivery rate below the setting (not before enough parcels finished), never refusing it", async () => {
      const rules = {
        maxCodOrderValue: null,
        blockedPhones: [],
        riskTags: ["Risky", "fraud"],
        minDeliveryRate: 50,
        minFinishedParcels: 4,
      };
      const flagsOf = async (phone: string) =>
        (await listSellerOrdersWithDetails(db(), { status: null, q: phone, page: 1 }, rules)).orders[0].riskFlags.map(
          (f) => f.label,
        );
      const tagged = "+923331110002";
      await rawOrder(db(), { phone: tagged });
      await addCustomerTag(db(), (await customerOf(db(), tagged))!.id, { tag: "risky" });
      expect(await flagsOf(tagged)).toEqual(["Tagged risky"]);

      const refuser = "+923331110003";
      await rawOrder(db(), { phone: refuser, status: "delivered" });
      await rawOrder(db(), { phone: refuser, status: "returned" });
      await rawOrder(db(), { phone: refuser, status: "returned" });
      // 1 of 3 finished parcels: below 50 %, but the setting wants 4 finished parcels first.
      expect(await flagsOf(refuser)).toEqual([]);
      await rawOrder(db(), { phone: refuser, status: "returned" });
      await rawOrder(db(), { phone: refuser, status: "pending" });
      expect(await flagsOf(refuser)).toEqual(["Delivery rate 25 % (1 of 4 parcels), below 50 %"]);
      // Off when the setting is off.
      expect(
        (
          await listSellerOrdersWithDetails(
            db(),
            { status: null, q: refuser, page: 1 },
            { ...rules, minDeliveryRate: null },
          )
        ).orders[0].riskFlags,
      ).toEqual([]);

      // Courier routing reads the same flags (settings from the database, as the booking page does).
      await db()
        .update(shopSettings)
        .set({ riskTags: ["risky"], minDeliveryRate: 50, minFinishedParcels: 4 });
      const plain = await rawOrder(db(), { phone: "+923331110004" });
      const taggedOrder = (await db().select({ id: orders.id }).from(orders).where(eq(orders.phone, tagged)))[0].id;
      const refuserOrder = (await db().select({ id: orders.id }).from(orders).where(eq(orders.phone, refuser)))[0].id;
      const candidates = await listBookingCandidates(db(), [plain, taggedOrder, refuserOrder]);
      expect(Object.fromEntries(candidates.map((c) => [c.id, c.risky]))).toEqual({
        [plain]: false,
        [taggedOrder]: true,
        [refuserOrder]: true,
      });
      await db().update(shopSettings).set({ minDeliveryRate: null });
      await removeCustomerTag(db(), (await customerOf(db(), tagged))!.id, "RISKY");
      // The refuser's earlier returns still make them risky (the rule before customers); the untagged phone no longer is.
      expect(
        Object.fromEntries(
          (await listBookingCandidates(db(), [taggedOrder, refuserOrder])).map((c) => [c.id, c.risky]),
        ),
      ).toEqual({ [taggedOrder]: false, [refuserOrder]: true });
      await addCustomerTag(db(), (await customerOf(db(), tagged))!.id, { tag: "risky" });

      // Checkout still takes their order: only a blocked phone and the COD limit refuse.
      const placed = await placeOrder(
        { db: db() },
        {
          userId: null,
          items: [{ ...TEST_ITEM, quantity: 1 }],
          enteredBy: { actor: owner, channel: "phone" },
          shipping: {
            fullName: "Risky Person",
            email: "risky@example.pk",
            phone: tagged,
            city: "Lahore",
            address: "1 Road",
            postalCode: null,
            country: "Pakistan",
          },
        },
      );
      expect(placed.orderId).toBeTruthy();
    });
  });
});
