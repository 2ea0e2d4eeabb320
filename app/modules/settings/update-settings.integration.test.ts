import type { AddressInfo } from "node:net";
import { type FormReply, fieldErrors, keptValues } from "~/lib/form-reply";
import express from "express";
import { describe, expect, it } from "vitest";
import { createPageCache } from "../../../server/page-cache";
import { createSettingsListener } from "../../../server/settings-listener";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { getSettings } from "./get-settings.server";
import { postSettings } from "../../../tests/factories/settings-form";

const VALID = {
  brandName: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  happyCustomers: "10000",
  yearsInBusiness: "5",
  productsSold: "50000",
  averageRating: "4.8",
  shippingFee: "200",
  freeShippingThreshold: "",
  maxCodOrderValue: "",
  blockedPhones: "",
  notificationEmails: "",
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(DATABASE_KINDS)("shop settings on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;

  it("saves every field, with blocked phones normalised to E.164", async () => {
    const result = await postSettings(db(), {
      ...VALID,
      brandName: "Kapra Studio",
      phone: "0300 7654321",
      shippingFee: "250",
      freeShippingThreshold: "6000",
      maxCodOrderValue: "20,000",
      blockedPhones: "0300-1234567\n+92 333 1112223\n0300 1234567",
      averageRating: "4.6",
      instagram: "kaprastudio",
    });
    expect(result).toEqual({ ok: true });
    expect(await getSettings(db())).toMatchObject({
      brandName: "Kapra Studio",
      phone: "0300 7654321",
      shippingFee: 250,
      freeShippingThreshold: 6000,
      maxCodOrderValue: 20000,
      blockedPhones: ["+923001234567", "+923331112223"],
      averageRating: 4.6,
      instagram: "@kaprastudio",
    });
    // Empty amounts mean "none".
    await postSettings(db(), { ...VALID, freeShippingThreshold: "", maxCodOrderValue: "" });
    expect(await getSettings(db())).toMatchObject({
      freeShippingThreshold: null,
      maxCodOrderValue: null,
      blockedPhones: [],
    });
  });

  it("refuses a bad blocked line (by its line) and a bad fee, keeps what was typed, and saves nothing", async () => {
    const before = await getSettings(db());
    const typed = { ...VALID, brandName: "Changed Name", shippingFee: "free", blockedPhones: "0300 1234567\n0300 12" };
    const result = await postSettings(db(), typed);
    expect(fieldErrors(result as FormReply)).toMatchObject({
      blockedPhones: 'Line 2 ("0300 12") is not a Pakistani mobile number, like 0300 1234567',
      shippingFee: expect.any(String),
    });
    expect(keptValues(result as FormReply)).toMatchObject({
      brandName: "Changed Name",
      shippingFee: "free",
      blockedPhones: "0300 1234567\n0300 12",
    });
    expect(await getSettings(db())).toEqual(before);
  });

  it("saves the settlement overdue days (default 10), refuses days outside 1 to 90, and leaves them alone when not sent", async () => {
    expect((await getSettings(db())).settlementOverdueDays).toBe(10);
    expect(await postSettings(db(), { ...VALID, settlementOverdueDays: "21" })).toEqual({ ok: true });
    expect((await getSettings(db())).settlementOverdueDays).toBe(21);
    const refusedDays = (await postSettings(db(), { ...VALID, settlementOverdueDays: "120" })) as FormReply;
    expect(fieldErrors(refusedDays)).toMatchObject({
      settlementOverdueDays: "Please enter a whole number of days from 1 to 90",
    });
    expect(keptValues(refusedDays)).toMatchObject({ settlementOverdueDays: "120" });
    expect(await postSettings(db(), VALID)).toEqual({ ok: true });
    expect((await getSettings(db())).settlementOverdueDays).toBe(21);
    await postSettings(db(), { ...VALID, settlementOverdueDays: "10" });
  });

  it("saves the return window and the delivery days, refuses a range whose most is below its fewest (beside that field) and days out of range, and leaves them alone when not sent", async () => {
    expect(await getSettings(db())).toMatchObject({
      returnWindowDays: 7,
      localDeliveryMinDays: 3,
      localDeliveryMaxDays: 5,
      nationalDeliveryMinDays: 5,
      nationalDeliveryMaxDays: 7,
    });
    const days = {
      returnWindowDays: "14",
      localDeliveryMinDays: "2",
      localDeliveryMaxDays: "3",
      nationalDeliveryMinDays: "4",
      nationalDeliveryMaxDays: "6",
    };
    expect(await postSettings(db(), { ...VALID, ...days })).toEqual({ ok: true });
    expect(await getSettings(db())).toMatchObject({
      returnWindowDays: 14,
      localDeliveryMinDays: 2,
      localDeliveryMaxDays: 3,
      nationalDeliveryMinDays: 4,
      nationalDeliveryMaxDays: 6,
    });

    const refusedRange = (await postSettings(db(), {
      ...VALID,
      ...days,
      nationalDeliveryMinDays: "8",
      nationalDeliveryMaxDays: "6",
    })) as FormReply;
    expect(fieldErrors(refusedRange)).toMatchObject({
      nationalDeliveryMaxDays: "The most days cannot be fewer than the fewest days",
    });
    expect(keptValues(refusedRange)).toMatchObject({ nationalDeliveryMinDays: "8", nationalDeliveryMaxDays: "6" });
    // One end sent alone is judged against the stored other end.
    expect(fieldErrors((await postSettings(db(), { ...VALID, localDeliveryMaxDays: "1" })) as FormReply)).toMatchObject(
      {
        localDeliveryMaxDays: "The most days cannot be fewer than the fewest days",
      },
    );
    const refused = await postSettings(db(), {
      ...VALID,
      ...days,
      returnWindowDays: "7.5",
      localDeliveryMinDays: "0",
      nationalDeliveryMaxDays: "45",
    });
    expect(fieldErrors(refused as FormReply)).toMatchObject({
      returnWindowDays: "Please enter a whole number of days from 0 to 90",
      localDeliveryMinDays: "Please enter a whole number of working days in your city, from 1 to 30",
      nationalDeliveryMaxDays: "Please enter a whole number of working days elsewhere, from 1 to 30",
    });
    expect(await postSettings(db(), VALID)).toEqual({ ok: true });
    expect(await getSettings(db())).toMatchObject({ returnWindowDays: 14, localDeliveryMaxDays: 3 });
  });

  it("empties the guest page cache of every server process when settings change", async () => {
    // Two "processes": each its own page cache and its own LISTEN connection (on PostgreSQL).
    const servers: { base: string; close: () => void; stop: () => Promise<void>; heard: () => number }[] = [];
    for (let i = 0; i < 2; i++) {
      const listener = createSettingsListener(database);
      await listener.start();
      const cache = createPageCache({
        ttlMs: 60_000,
        render: async () =>
          new Response(`<footer>${(await getSettings(db())).brandName}</footer>`, {
            headers: { "Content-Type": "text/html" },
          }),
      });
      let heard = 0;
      listener.onChange(() => {
        heard += 1;
        cache.clear();
      });
      const app = express();
      app.use(cache.handle);
      const server = app.listen(0, "127.0.0.1");
      await new Promise((r) => server.once("listening", r));
      servers.push({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
        stop: listener.stop,
        heard: () => heard,
      });
    }
    try {
      await postSettings(db(), { ...VALID, brandName: "Before" });
      // The notice arrives a moment after the commit: let it land before filling the caches.
      await waitFor(async () => servers.every((s) => s.heard() >= 1));
      for (const s of servers) {
        expect(await (await fetch(`${s.base}/`)).text()).toBe("<footer>Before</footer>");
        const cached = await fetch(`${s.base}/`);
        expect(cached.headers.get("x-cache")).toBe("HIT");
        await cached.arrayBuffer();
      }
      await postSettings(db(), { ...VALID, brandName: "After" });
      // Without the clear, both would serve "Before" for the cache's full minute.
      for (const s of servers)
        await waitFor(async () => (await (await fetch(`${s.base}/`)).text()) === "<footer>After</footer>");
      // A refused save announces nothing: the fresh pages stay cached.
      await postSettings(db(), { ...VALID, brandName: "" });
      for (const s of servers) expect((await fetch(`${s.base}/`)).headers.get("x-cache")).toBe("HIT");
    } finally {
      for (const s of servers) {
        s.close();
        await s.stop();
      }
    }
  });
});
