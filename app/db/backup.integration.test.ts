import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactMessages,
  messageOutbox,
  mediaFiles,
  notifySubscriptions,
  orderItems,
  orders,
  orderStatusHistory,
  reviews,
  shopSettings,
  users,
} from "~/schema";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { storeImage } from "~/modules/media/store-image.server";
import { placeOrder } from "~/flows/place-order.server";
import { saveReview } from "~/flows/product-reviews.server";
import {
  createTestDatabase,
  DATABASE_KINDS,
  useTestDatabase,
  type TestDatabase,
} from "../../tests/factories/test-database";
import { pngImage } from "../../tests/factories/test-images";
import { BackupFileError } from "./backup-format";
import { restoreBackup, RestoreRefused, rowsHeld } from "./backup-restore.server";
import { tablesInForeignKeyOrder, writeBackup } from "./backup.server";
import type { DbOrTx } from "./client.server";

const ORIGIN = "http://shop.test";
const PASSWORD = "Restored-Kapra-Pass-2026";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan" as const,
};
const TEE = "essential-crew-neck-tee";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-backup-test-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every table's every row, as one text per table: equal fingerprints mean equal shops. */
async function fingerprint(db: DbOrTx): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await tablesInForeignKeyOrder(db)) {
    const { rows } = (await db.execute(
      sql.raw(
        `select coalesce(md5(string_agg(to_jsonb(t)::text, E'\\n' order by to_jsonb(t)::text)), '') as h, count(*) as n from public."${table}" t`,
      ),
    )) as unknown as { rows: { h: string; n: number | string }[] };
    result[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return result;
}

function authFor(db: TestDatabase["db"]) {
  return Promise.resolve(
    createShopAuth({
      db,
      env: {
        PUBLIC_URL: undefined,
        GOOGLE_CLIENT_ID: undefined,
        GOOGLE_CLIENT_SECRET: undefined,
        SIGN_IN_RATE_LIMIT: 100,
      },
      secret: TEST_AUTH_SECRET,
    }),
  );
}
const authPost = (auth: Awaited<ReturnType<typeof authFor>>, route: string, body: unknown) =>
  auth.handler(
    new Request(`${ORIGIN}/api/auth${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.1" },
      body: JSON.stringify(body),
    }),
  );

const fingerprints: Partial<Record<string, Record<string, string>>> = {};

describe.each(DATABASE_KINDS)("backup and restore on %s", (kind) => {
  const source = useTestDatabase(kind);
  // The empty database each backup is restored into.
  const target = useTestDatabase(kind, { seed: "empty" });
  let file: string;
  let before: Record<string, string>;
  let imageKey: string;
  let imageBytes: Buffer;
  let orderId: string;

  beforeAll(async () => {
    // An account with a password, its order (items, history, e-mails), a review, settings, a photo, a message, a sign-up.
    const auth = await authFor(source.db);
    expect(
      (await authPost(auth, "/sign-up/email", { name: "Ayesha Khan", email: "ayesha@example.pk", password: PASSWORD }))
        .status,
    ).toBe(200);
    const [buyer] = await source.db.select({ id: users.id }).from(users).where(eq(users.email, "ayesha@example.pk"));
    // Before the order: its notice goes to the notification recipients (no sellers here to fall back on).
    await source.db
      .update(shopSettings)
      .set({ brandName: "Kapra Restored", blockedPhones: ["+923009999999"], notificationEmails: ["owner@kapra.pk"] });
    const order = await placeOrder(
      { db: source.db },
      { userId: buyer.id, shipping: SHIPPING, items: [{ productId: TEE, quantity: 2 }] },
    );
    orderId = order.orderId;
    await source.db.update(orders).set({ status: "delivered", deliveredAt: new Date() }).where(eq(orders.id, orderId));
    await saveReview(source.db, { id: buyer.id, role: "buyer" }, TEE, {
      rating: 4,
      comment: "Soft <b>cotton</b>, true to size",
    });
    const image = await storeImage(source.db, await pngImage("#aa3355"));
    imageKey = image.sources[0].key;
    [{ bytes: imageBytes }] = await source.db
      .select({ bytes: mediaFiles.bytes })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, imageKey));
    await source.db
      .insert(contactMessages)
      .values({ name: "Bilal", email: "bilal@example.pk", subject: "Sizes", message: "Do you have XXL?" });
    await source.db.insert(notifySubscriptions).values({ email: "dua@example.pk", target: `product:${TEE}` });

    file = path.join(tmp, `${kind}.kapra-backup`);
    const summary = await writeBackup(source, fs.createWriteStream(file));
    expect(summary.migration.tag).toMatch(/^\d{4}_/);
    before = await fingerprint(source.db);
    fingerprints[kind] = before;
  }, 300_000);

  it("restores every row of every table into an empty database", async () => {
    const summary = await restoreBackup(target, file);
    expect(summary.replaced).toBe(false);
    expect(await fingerprint(target.db)).toEqual(before);
    // Spelled out, for the things a shop cannot lose.
    const [order] = await target.db.select().from(orders).where(eq(orders.id, orderId));
    const items = await target.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(order.total).toBe(items.reduce((sum, i) => sum + i.price * i.quantity, 0) + order.shippingFee);
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([[TEE, 2]]);
    expect(
      (await target.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).length,
    ).toBeGreaterThan(0);
    expect((await target.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId))).length).toBe(2);
    expect((await target.db.select().from(reviews)).map((r) => r.comment)).toEqual([
      "Soft <b>cotton</b>, true to size",
    ]);
    expect((await target.db.select().from(shopSettings))[0]).toMatchObject({
      brandName: "Kapra Restored",
      blockedPhones: ["+923009999999"],
      notificationEmails: ["owner@kapra.pk"],
    });
    const [image] = await target.db
      .select({ bytes: mediaFiles.bytes })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, imageKey));
    expect(Buffer.compare(image.bytes, imageBytes)).toBe(0);
  });

  it("signs the buyer in with the password they had, and keeps numbering new rows after the restored ones", async () => {
    const auth = await authFor(target.db);
    expect((await authPost(auth, "/sign-in/email", { email: "ayesha@example.pk", password: PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await authPost(auth, "/sign-in/email", { email: "ayesha@example.pk", password: "Not-The-Password-42" })).status,
    ).toBe(401);
    const [buyer] = await target.db.select({ id: users.id }).from(users).where(eq(users.email, "ayesha@example.pk"));
    const again = await placeOrder(
      { db: target.db },
      { userId: buyer.id, shipping: SHIPPING, items: [{ productId: TEE, quantity: 1 }] },
    );
    expect((await target.db.select().from(orderItems).where(eq(orderItems.orderId, again.orderId))).length).toBe(1);
  });

  it("refuses a database that holds data, unless told to replace it", async () => {
    const held = await fingerprint(target.db);
    const refused = await restoreBackup(target, file).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/already holds data \(2 orders, 1 accounts, \d+ products\).*--replace/);
    expect(await fingerprint(target.db)).toEqual(held);

    const summary = await restoreBackup(target, file, { replace: true });
    expect(summary.replaced).toBe(true);
    expect(await fingerprint(target.db)).toEqual(before);
  });

  it("refuses a cut-short or damaged file and a backup from newer code, changing nothing", async () => {
    const held = await fingerprint(target.db);
    const bytes = fs.readFileSync(file);
    const cut = path.join(tmp, `${kind}-cut`);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const damaged = path.join(tmp, `${kind}-damaged`);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    fs.writeFileSync(damaged, flipped);
    const notBackup = path.join(tmp, `${kind}-not`);
    fs.writeFileSync(notBackup, "id,name\n1,Ayesha\n");
    // A whole, valid file whose rows end before its end line says they do.
    const lines = zlib.gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    const short = path.join(tmp, `${kind}-short`);
    fs.writeFileSync(short, zlib.gzipSync(lines.slice(0, -1).join("\n") + "\n"));
    const header = JSON.parse(lines[0]) as { migration: { tag: string; when: number } };
    const newer = path.join(tmp, `${kind}-newer`);
    fs.writeFileSync(
      newer,
      zlib.gzipSync(
        [
          JSON.stringify({ ...header, migration: { tag: "9999_from_the_future", when: header.migration.when + 1e12 } }),
          ...lines.slice(1),
        ].join("\n") + "\n",
      ),
    );

    for (const [bad, message] of [
      [cut, /cut short|damaged/],
      [damaged, /damaged/],
      [notBackup, /not a Kapra backup/],
      [short, /ends early|damaged/],
    ] as const) {
      const error = await restoreBackup(target, bad, { replace: true }).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(BackupFileError);
      expect((error as Error).message).toMatch(message);
    }
    const tooNew = await restoreBackup(target, newer, { replace: true }).catch((e: unknown) => e);
    expect(tooNew).toBeInstanceOf(RestoreRefused);
    expect((tooNew as Error).message).toMatch(/newer version of the shop \(database migration 9999_from_the_future/);
    expect(await fingerprint(target.db)).toEqual(held);

    // An empty database stays as it was too: only its migrations' starter rows (colours, size sets, pages, menus).
    const empty = await createTestDatabase(kind);
    try {
      const starter = await rowsHeld(empty.db);
      expect(Object.keys(starter).sort()).toEqual(["colors", "menu_items", "pages", "size_sets"]);
      await expect(restoreBackup(empty, cut)).rejects.toBeInstanceOf(BackupFileError);
      await expect(restoreBackup(empty, newer)).rejects.toBeInstanceOf(RestoreRefused);
      expect(await rowsHeld(empty.db)).toEqual(starter);
    } finally {
      await empty.destroy();
    }
    // Five full restores of the seeded shop: under 30 s alone, longer on a busy 2-core machine.
  }, 120_000);

  it.runIf(kind === "postgres")("restores a backup of the embedded database into PostgreSQL", async () => {
    const fromPglite = path.join(tmp, "pglite.kapra-backup");
    expect(fs.existsSync(fromPglite), "the PGlite run's backup").toBe(true);
    const other = await createTestDatabase("postgres");
    try {
      await restoreBackup(other, fromPglite);
      expect(await fingerprint(other.db)).toEqual(fingerprints.pglite);
    } finally {
      await other.destroy();
    }
  });
});
