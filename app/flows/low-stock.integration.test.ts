import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dailyJobRuns, messageOutbox, products, productVariants, shopSettings, users } from "~/schema";
import { renderEmail } from "~/modules/messages/render-email.server";
import type { LowStockDigestData } from "~/modules/messages/email-messages";
import { parseInventoryQuery } from "~/modules/catalog/inventory-query";
import { listInventory } from "~/modules/catalog/list-inventory.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { sendLowStockDigest } from "./send-low-stock-digest.server";

const TEE = "essential-crew-neck-tee";
// 10 July 2025 in Pakistan (UTC+5): 8:59 and 9:00 in the morning, and 14:00.
const BEFORE_NINE = new Date("2025-07-10T03:59:00Z");
const NINE = new Date("2025-07-10T04:00:00Z");
const AFTERNOON = new Date("2025-07-10T09:00:00Z");
const NEXT_MORNING = new Date("2025-07-11T04:30:00Z");

describe.each(DATABASE_KINDS)("low stock on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let chinos: string;

  beforeAll(async () => {
    [{ id: chinos }] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, "active"), eq(products.categorySlug, "trousers")))
      .limit(1);
    await db()
      .insert(users)
      .values({ id: "low-stock-owner", name: "Owner", email: "owner@lowstock.pk", role: "seller" })
      .onConflictDoNothing();
  });

  beforeEach(async () => {
    // Nothing low, the shop default 3, no product level, the switch on, no day claimed, no digest queued.
    await db().update(productVariants).set({ stock: 50 });
    await db().update(products).set({ lowStockThreshold: null });
    await db()
      .update(shopSettings)
      .set({ lowStockThreshold: 3, lowStockDigest: true, notificationEmails: ["stock@kapra.pk", "owner2@kapra.pk"] });
    await db().delete(dailyJobRuns);
    await db().delete(messageOutbox).where(eq(messageOutbox.kind, "low_stock_digest"));
  });

  const setStock = (productId: string, color: string | null, size: string | null, stock: number) =>
    db()
      .update(productVariants)
      .set({ stock })
      .where(
        and(
          eq(productVariants.productId, productId),
          color ? eq(productVariants.color, color) : undefined,
          size ? eq(productVariants.size, size) : undefined,
        ),
      );
  const digests = () =>
    db().select().from(messageOutbox).where(eq(messageOutbox.kind, "low_stock_digest")).orderBy(messageOutbox.id);
  const inventory = (params: string) => listInventory(db(), parseInventoryQuery(new URLSearchParams(params)));

  describe("the inventory", () => {
    it("marks the variants at or under the shop default, and a product's own level replaces it", async () => {
      await setStock(TEE, "Black", "M", 3);
      await setStock(TEE, "White", "L", 4);
      await setStock(chinos, null, null, 5);
      const all = await inventory("q=Essential Crew");
      const tee = all.items.find((i) => i.id === TEE)!;
      expect(tee.lowStockThreshold).toBe(3);
      expect(tee.lowVariants).toEqual([{ color: "Black", size: "M", stock: 3 }]);

      await db().update(products).set({ lowStockThreshold: 5 }).where(eq(products.id, chinos));
      await db().update(products).set({ lowStockThreshold: 0 }).where(eq(products.id, TEE));
      const low = await inventory("low=1");
      expect(low.items.map((i) => i.id)).toEqual([chinos]);
      expect(low.total).toBe(1);
      expect(low.lowCount).toBe(1);
      expect(low.items[0].lowStockThreshold).toBe(5);
      expect(low.items[0].lowVariants.length).toBeGreaterThan(0);
      expect(low.items[0].lowVariants.every((v) => v.stock === 5)).toBe(true);

      // A sold-out size is at or under any level, 0 included.
      await setStock(TEE, "Black", "M", 0);
      expect((await inventory("low=1")).items.map((i) => i.id).sort()).toEqual([chinos, TEE].sort());
      expect((await inventory("low=1&category=trousers")).items.map((i) => i.id)).toEqual([chinos]);
      expect((await inventory("")).lowCount).toBe(2);
    });

    it("marks only what is on sale: a draft or coming-soon product with no stock yet is being prepared", async () => {
      await setStock(TEE, null, null, 0);
      try {
        for (const status of ["draft", "coming-soon"] as const) {
          await db().update(products).set({ status }).where(eq(products.id, TEE));
          const page = await inventory("q=Essential Crew");
          expect(page.lowCount).toBe(0);
          expect((await inventory("low=1")).items.map((i) => i.id)).not.toContain(TEE);
        }
      } finally {
        await db().update(products).set({ status: "active" }).where(eq(products.id, TEE));
      }
      expect((await inventory("low=1")).items.map((i) => i.id)).toContain(TEE);
    });
  });

  describe("the daily digest", () => {
    it("is not sent before 9:00 Pakistan time, then goes once that day to the notification recipients, listing what is low", async () => {
      await setStock(TEE, "Black", "M", 2);
      expect(await sendLowStockDigest({ db: db(), now: BEFORE_NINE })).toEqual({
        sent: false,
        day: "2025-07-10",
        reason: "before-nine",
      });
      expect(await digests()).toEqual([]);

      const sent = await sendLowStockDigest({ db: db(), now: NINE });
      expect(sent).toEqual({
        sent: true,
        day: "2025-07-10",
        rows: 1,
        recipients: ["stock@kapra.pk", "owner2@kapra.pk"],
      });
      const queued = await digests();
      expect(queued.map((m) => m.toAddress)).toEqual(["stock@kapra.pk", "owner2@kapra.pk"]);
      expect(queued[0].subject).toBe("Low stock at Kapra: 1 size at or under their alert level");
      const data = queued[0].data as LowStockDigestData;
      expect(data.items).toEqual([
        {
          name: "Essential Crew Neck Tee",
          color: "Black",
          size: "M",
          stock: 2,
          threshold: 3,
          editPath: `/seller/products/${TEE}/edit`,
        },
      ]);
      const { html, text } = await renderEmail("low_stock_digest", data, {
        name: "Kapra",
        contactEmail: "a@b.pk",
        phone: "0300",
        address: "x",
        city: "Karachi",
        publicUrl: "https://kapra.pk",
      });
      expect(html).toContain(`https://kapra.pk/seller/products/${TEE}/edit`);
      expect(text).toContain("Essential Crew Neck Tee");

      // Later the same day: already sent, even with more gone low.
      await setStock(TEE, "White", "S", 1);
      expect(await sendLowStockDigest({ db: db(), now: AFTERNOON })).toMatchObject({
        sent: false,
        reason: "already-sent",
      });
      expect(await digests()).toHaveLength(2);
      // The next day it goes again.
      expect(await sendLowStockDigest({ db: db(), now: NEXT_MORNING })).toMatchObject({
        sent: true,
        day: "2025-07-11",
        rows: 2,
      });
    });

    it("goes once however many processes ask at the same moment", async () => {
      await setStock(TEE, "Black", "M", 1);
      const results = await Promise.all(Array.from({ length: 4 }, () => sendLowStockDigest({ db: db(), now: NINE })));
      expect(results.filter((r) => r.sent)).toHaveLength(1);
      expect(results.filter((r) => !r.sent).map((r) => !r.sent && r.reason)).toEqual([
        "already-sent",
        "already-sent",
        "already-sent",
      ]);
      expect(await digests()).toHaveLength(2);
      expect(
        await db().select({ day: dailyJobRuns.day }).from(dailyJobRuns).where(eq(dailyJobRuns.job, "low-stock-digest")),
      ).toEqual([{ day: "2025-07-10" }]);
    });

    it("is never empty: nothing low sends nothing and leaves the day unclaimed, so a size that runs low at 14:00 is reported that day", async () => {
      expect(await sendLowStockDigest({ db: db(), now: NINE })).toMatchObject({ sent: false, reason: "nothing-low" });
      expect(await digests()).toEqual([]);
      expect(await db().select().from(dailyJobRuns)).toEqual([]);
      await setStock(TEE, "White", "L", 3);
      expect(await sendLowStockDigest({ db: db(), now: AFTERNOON })).toMatchObject({ sent: true, rows: 1 });
    });

    it("leaves out products that are not on sale", async () => {
      await setStock(TEE, "Black", "M", 0);
      await db().update(products).set({ status: "draft" }).where(eq(products.id, TEE));
      try {
        expect(await sendLowStockDigest({ db: db(), now: NINE })).toMatchObject({ sent: false, reason: "nothing-low" });
      } finally {
        await db().update(products).set({ status: "active" }).where(eq(products.id, TEE));
      }
    });

    it("is not sent while switched off in Settings", async () => {
      await setStock(TEE, "Black", "M", 0);
      await db().update(shopSettings).set({ lowStockDigest: false });
      expect(await sendLowStockDigest({ db: db(), now: NINE })).toMatchObject({ sent: false, reason: "switched-off" });
      expect(await digests()).toEqual([]);
    });

    it("goes to every seller when the recipients list is empty", async () => {
      await setStock(TEE, "Black", "M", 0);
      await db().update(shopSettings).set({ notificationEmails: [] });
      const sent = await sendLowStockDigest({ db: db(), now: NINE });
      expect(sent.sent && sent.recipients).toContain("owner@lowstock.pk");
      expect((await digests()).map((m) => m.toAddress)).toContain("owner@lowstock.pk");
    });
  });
});
