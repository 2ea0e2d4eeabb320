import { queueMessages } from "~/modules/messages/outbox.server";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, notifySubscriptions, productVariants, shopSettings } from "~/schema";
import { launchNow } from "~/flows/launch-products.server";
import { productInputSchema, type ImageToken, type RawProductInput } from "~/modules/catalog/product-input";
import { saveProduct } from "~/flows/save-product.server";
import { setProductStatus } from "~/flows/set-product-status.server";
import { placeOrder } from "~/flows/place-order.server";
import type { NotifyConfirmEmailData, NotifyMeEmailData } from "~/modules/messages/email-messages";
import { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";
import { drainOutbox } from "~/modules/messages/mail-worker.server";
import { storePhoto } from "~/http/receive-photos.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { pngImage } from "../../../tests/factories/test-images";
import { startTestSmtpServer, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { announceRestock, stockBeforeChange } from "./announce-restock.server";
import { confirmNotifyRequest } from "./confirm-notify.server";
import { subscribeToNotify } from "~/flows/subscribe-to-notify.server";
import { deleteExpiredNotifyRequests } from "./subscribe-to-notify.server";
import { readUnsubscribeLink, unsubscribeByToken } from "./unsubscribe.server";
import { loadUnsubscribeSecret, signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const PUBLIC_URL = "https://kapra.test";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: "54000",
  country: "Pakistan" as const,
};

describe.each(DATABASE_KINDS)("Notify Me delivery on %s", (kind) => {
  const database = useTestDatabase(kind);
  let smtp: TestSmtpServer;
  let photos: ImageToken[];
  let buyer: string;
  const db = () => database.db;

  beforeAll(async () => {
    await database.db
      .update(shopSettings)
      .set({ contactEmail: "owner@kapra.test", notificationEmails: ["owner@kapra.test"] });
    const png = await storePhoto(database.db, "front.png", await pngImage());
    if (typeof png === "string") throw new Error("test photo did not store");
    photos = [png];
    buyer = await createTestBuyer(database.db, "Bilal");
    smtp = await startTestSmtpServer();
  }, 300_000);
  afterAll(async () => {
    await smtp?.stop();
  });

  let n = 0;
  /** A product of its own per test, so the tests do not see each other's sign-ups. */
  /** The owner's form as typed; `edit(raw, changes)` is what saveProduct takes. */
  const raw = (over: Partial<RawProductInput> = {}): RawProductInput => ({
    name: `Lawn Kurta ${++n}`,
    category: "shirts",
    description: "Printed lawn.",
    price: 2499,
    stock: 0,
    colors: ["Green"],
    sizes: ["M", "L"],
    features: [],
    tags: "",
    images: photos,
    ...over,
  });
  const edit = (input: RawProductInput, over: Partial<RawProductInput>) =>
    productInputSchema.parse({ ...input, ...over });
  /** The confirmation link of the last Notify Me request to this address, as the e-mail carries it. */
  const confirmTokenFor = async (to: string) => {
    const [latest] = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "notify_me_confirm"), eq(messageOutbox.toAddress, to)))
      .orderBy(desc(messageOutbox.id))
      .limit(1);
    return new URL((latest.data as NotifyConfirmEmailData).confirmPath, PUBLIC_URL).searchParams.get("token")!;
  };
  /** A sign-up as a shopper makes it: the request, then the link from the confirmation e-mail. */
  const subscribe = async (email: string, target: string) => {
    const result = await subscribeToNotify(db(), { email, target }, { address: "10.9.0.1" });
    expect(result.ok).toBe(true);
    const [pending] = await db()
      .select({ id: notifySubscriptions.id })
      .from(notifySubscriptions)
      .where(
        and(
          eq(notifySubscriptions.email, email.trim().toLowerCase()),
          eq(notifySubscriptions.target, target),
          isNull(notifySubscriptions.confirmedAt),
        ),
      );
    if (pending)
      expect(await confirmNotifyRequest(db(), await confirmTokenFor(email.trim().toLowerCase()))).not.toBeNull();
  };
  const notifyEmails = (to?: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "notify_me"), to ? eq(messageOutbox.toAddress, to) : undefined))
      .orderBy(messageOutbox.id);
  const notifyData = async (to: string) => (await notifyEmails(to)).map((r) => r.data as NotifyMeEmailData);
  const send = async () => {
    const sender = createSmtpSender(smtp.url);
    await drainOutbox(db(), { senders: { email: sender }, from: "Kapra <shop@kapra.test>", publicUrl: PUBLIC_URL });
    await sender.close();
  };
  const tokenOf = (data: NotifyMeEmailData) => new URL(data.unsubscribePath, PUBLIC_URL).searchParams.get("token")!;

  it("sends one e-mail per subscriber when the owner restocks a sold-out product, and nothing on the next restock", async () => {
    const input = raw({ name: "Chikankari Kurta" });
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    await subscribe("sana@example.pk", `product:${id}`);
    await subscribe("Hamza@Example.pk", `product:${id}`);
    await subscribe("sana@example.pk", `product:${id}`); // twice is one sign-up
    await saveProduct({ db: db() }, edit(input, { description: "Still sold out." }), { id });
    expect(await notifyEmails("sana@example.pk")).toHaveLength(0);

    await saveProduct(
      { db: db() },
      edit(input, {
        variants: [
          { color: "Green", size: "M", stock: 4 },
          { color: "Green", size: "L", stock: 0 },
        ],
      }),
      { id },
    );
    const queued = await notifyEmails();
    expect(
      queued
        .filter((r) => r.toAddress.endsWith("@example.pk"))
        .map((r) => [r.toAddress, r.subject, r.status])
        .sort(),
    ).toEqual([
      ["hamza@example.pk", "Chikankari Kurta is back in stock at Kapra", "queued"],
      ["sana@example.pk", "Chikankari Kurta is back in stock at Kapra", "queued"],
    ]);
    const [data] = await notifyData("sana@example.pk");
    expect(data).toMatchObject({
      what: "product",
      name: "Chikankari Kurta",
      reason: "restocked",
      path: `/product/${id}`,
    });
    expect(data.unsubscribePath).toMatch(/^\/notify\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(data.unsubscribePath).not.toContain("sana");

    await send();
    const [mail] = await smtp.waitFor(
      (m) => m.to.includes("sana@example.pk") && m.subject.includes("Chikankari Kurta"),
    );
    const productUrl = `${PUBLIC_URL}/product/${id}`;
    const unsubscribeUrl = new URL(data.unsubscribePath, PUBLIC_URL).toString();
    expect(mail.html).toContain("Chikankari Kurta is back in stock.");
    expect(mail.html).toContain(productUrl);
    expect(mail.html).toContain(unsubscribeUrl.replace(/&/g, "&amp;"));
    expect(mail.text).toContain("Chikankari Kurta");
    expect(mail.text).toContain(productUrl);
    expect(mail.text).toContain(unsubscribeUrl);
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(unfolded).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // More stock, then sold out and back again: each sign-up was delivered once, so nothing more.
    await saveProduct({ db: db() }, edit(input, { stock: 9 }), { id });
    await saveProduct({ db: db() }, edit(input, { stock: 0 }), { id });
    await saveProduct({ db: db() }, edit(input, { stock: 2 }), { id });
    expect(await notifyEmails("sana@example.pk")).toHaveLength(1);
    expect(await notifyEmails("hamza@example.pk")).toHaveLength(1);
  });

  it("double opt-in: only a sign-up confirmed through the e-mailed single-use link is told about the restock", async () => {
    const input = raw({ name: "Khaddar Shawl" });
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    const target = `product:${id}`;
    expect(await subscribeToNotify(db(), { email: "Zara@Example.pk", target }, { address: "10.9.0.2" })).toEqual({
      ok: true,
      message: "Thanks! Please check your e-mail to confirm: we will e-mail you as soon as it is available.",
    });
    await subscribeToNotify(db(), { email: "never@example.pk", target }, { address: "10.9.0.2" });

    // The confirmation e-mail goes out over SMTP with the link; following it twice works once.
    await send();
    const [mail] = await smtp.waitFor((m) => m.to.includes("zara@example.pk") && m.subject.includes("confirm"));
    expect(mail.subject).toBe("Please confirm your Notify Me request at Kapra");
    const link = /https:\/\/kapra\.test\/notify\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.text).toContain("Khaddar Shawl");
    const token = new URL(link!).searchParams.get("token")!;
    expect(await confirmNotifyRequest(db(), "made-up-token-of-enough-length")).toBeNull();
    expect(await confirmNotifyRequest(db(), token)).toEqual({ name: "Khaddar Shawl" });
    expect(await confirmNotifyRequest(db(), token)).toBeNull();

    await saveProduct({ db: db() }, edit(input, { stock: 5 }), { id });
    expect(await notifyEmails("zara@example.pk")).toHaveLength(1);
    expect(await notifyEmails("never@example.pk")).toHaveLength(0);
  });

  it("an unconfirmed sign-up expires after 48 hours: its link stops working and the row is deleted", async () => {
    const { id } = await saveProduct({ db: db() }, edit(raw(), {}));
    const asked = new Date(Date.now() - 49 * 3_600_000);
    await subscribeToNotify(
      db(),
      { email: "late@example.pk", target: `product:${id}` },
      { address: "10.9.0.3", now: asked },
    );
    const token = await confirmTokenFor("late@example.pk");
    expect(await confirmNotifyRequest(db(), token)).toBeNull();
    expect(await deleteExpiredNotifyRequests(db())).toBeGreaterThanOrEqual(1);
    expect(
      await db().select().from(notifySubscriptions).where(eq(notifySubscriptions.email, "late@example.pk")),
    ).toEqual([]);
  });

  it("signing up again after the e-mail went out waits for the next restock", async () => {
    const input = raw();
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    await subscribe("twice@example.pk", `product:${id}`);
    await saveProduct({ db: db() }, edit(input, { stock: 3 }), { id });
    await saveProduct({ db: db() }, edit(input, { stock: 0 }), { id });
    await subscribe("twice@example.pk", `product:${id}`);
    await saveProduct({ db: db() }, edit(input, { stock: 3 }), { id });
    expect(await notifyEmails("twice@example.pk")).toHaveLength(2);
  });

  it("never e-mails about a draft product, and an address that unsubscribed gets nothing", async () => {
    const input = raw();
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    await subscribe("draft@example.pk", `product:${id}`);
    await subscribe("gone@example.pk", `product:${id}`);
    await subscribe("gone@example.pk", "category:jackets");
    // gone@ unsubscribes from an earlier e-mail about another product (the link covers every waiting sign-up).
    const otherInput = raw();
    const other = await saveProduct({ db: db() }, edit(otherInput, {}));
    await subscribe("gone@example.pk", `product:${other.id}`);
    await saveProduct({ db: db() }, edit(otherInput, { stock: 1 }), { id: other.id });
    const [earlier] = await notifyData("gone@example.pk");
    expect(await unsubscribeByToken(db(), tokenOf(earlier))).toMatchObject({ stopped: 3 });

    await saveProduct({ db: db() }, edit(input, { status: "draft", stock: 5 }), { id });
    expect(await notifyEmails("draft@example.pk")).toHaveLength(0);
    // The owner's Activate toggle puts the draft, with its stock, back on sale.
    await setProductStatus({ db: db() }, id, "activate");
    expect(await notifyData("draft@example.pk")).toEqual([
      expect.objectContaining({ reason: "restocked", path: `/product/${id}` }),
    ]);
    expect(await notifyEmails("gone@example.pk")).toHaveLength(1); // only the earlier one
    await launchNow({ db: db() }, { kind: "category", slug: "jackets" });
    expect(await notifyEmails("gone@example.pk")).toHaveLength(1);
  });

  it("a launch sends one e-mail per sign-up: a coming-soon product, and a collection with its waiting products", async () => {
    const input = raw({ name: "Eid Sherwani", status: "coming-soon", stock: 6 });
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    await subscribe("launch@example.pk", `product:${id}`);
    await launchNow({ db: db() }, { kind: "product", id });
    expect(await notifyData("launch@example.pk")).toEqual([
      expect.objectContaining({ what: "product", name: "Eid Sherwani", reason: "launched", path: `/product/${id}` }),
    ]);
    const [row] = await notifyEmails("launch@example.pk");
    expect(row.subject).toBe("Eid Sherwani is now available at Kapra");

    // Sweat Shirts opens: its subscriber hears; the sweatshirt it carries launches with it, but
    // has no stock yet, so its subscriber hears when stock arrives.
    await subscribe("sweat@example.pk", "category:sweatshirts");
    await subscribe("varsity@example.pk", "product:varsity-crew-sweatshirt");
    await launchNow({ db: db() }, { kind: "category", slug: "sweatshirts" });
    expect(await notifyData("sweat@example.pk")).toEqual([
      expect.objectContaining({
        what: "category",
        name: "Sweat Shirts",
        reason: "launched",
        path: "/category/sweatshirts",
      }),
    ]);
    expect(await notifyEmails("varsity@example.pk")).toHaveLength(0);
    await db().transaction(async (tx) => {
      const before = await stockBeforeChange(tx, ["varsity-crew-sweatshirt"]);
      await tx
        .update(productVariants)
        .set({ stock: 4 })
        .where(eq(productVariants.productId, "varsity-crew-sweatshirt"));
      await announceRestock(tx, before, queueMessages);
    });
    expect(await notifyData("varsity@example.pk")).toEqual([
      expect.objectContaining({ name: "Varsity Crew Sweatshirt", reason: "restocked" }),
    ]);

    await send();
    const [collection] = await smtp.waitFor((m) => m.to.includes("sweat@example.pk") && !m.subject.includes("confirm"));
    expect(collection.subject).toBe("Sweat Shirts is now available at Kapra");
    expect(collection.html).toContain("The Sweat Shirts collection is now available.");
    expect(collection.text).toContain(`${PUBLIC_URL}/category/sweatshirts`);
  });

  it("a cancelled order that puts the last units back is a restock, delivered once even when two cancels race", async () => {
    const input = raw({ name: "Khaddar Shawl", stock: 2, sizes: ["M"] });
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    const other = await createTestBuyer(db(), "Zara");
    const first = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: id, color: "Green", size: "M", quantity: 1 }], shipping: SHIPPING },
    );
    const second = await placeOrder(
      { db: db() },
      { userId: other, items: [{ productId: id, color: "Green", size: "M", quantity: 1 }], shipping: SHIPPING },
    );
    await subscribe("shawl@example.pk", `product:${id}`);
    await Promise.all([
      cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, first.orderId),
      cancelOrder({ db: db() }, { id: other, role: "buyer" }, second.orderId),
    ]);
    expect(await notifyData("shawl@example.pk")).toEqual([
      expect.objectContaining({ name: "Khaddar Shawl", reason: "restocked" }),
    ]);
  });

  it("the unsubscribe token verifies, a tampered or foreign one is refused, and unsubscribing stops every waiting sign-up of the address only", async () => {
    const input = raw({ name: "Pashmina Wrap" });
    const { id } = await saveProduct({ db: db() }, edit(input, {}));
    const laterInput = raw();
    const { id: later } = await saveProduct({ db: db() }, edit(laterInput, {}));
    await subscribe("wrap@example.pk", `product:${id}`);
    await subscribe("wrap@example.pk", `product:${later}`);
    await subscribe("friend@example.pk", `product:${later}`);
    await saveProduct({ db: db() }, edit(input, { stock: 3 }), { id });
    const [data] = await notifyData("wrap@example.pk");
    const token = tokenOf(data);

    const secret = await loadUnsubscribeSecret(db());
    const [sub] = await db()
      .select()
      .from(notifySubscriptions)
      .where(and(eq(notifySubscriptions.email, "wrap@example.pk"), eq(notifySubscriptions.target, `product:${id}`)));
    expect(verifyUnsubscribeToken(secret, token)).toBe(sub.id);
    const [idPart, mac] = token.split(".");
    const flipped = `${idPart}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    for (const bad of [
      flipped,
      `${Number(idPart) + 1}.${mac}`,
      signUnsubscribeToken("another-secret", sub.id),
      "",
      "garbage",
      `${idPart}.`,
    ]) {
      expect(verifyUnsubscribeToken(secret, bad)).toBeNull();
      expect(await readUnsubscribeLink(db(), bad)).toEqual({ valid: false });
      expect(await unsubscribeByToken(db(), bad)).toBeNull();
    }
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(notifySubscriptions)
        .where(
          sql`${notifySubscriptions.unsubscribedAt} is not null and ${notifySubscriptions.email} = 'wrap@example.pk'`,
        ),
    ).toEqual([{ n: 0 }]);

    expect(await readUnsubscribeLink(db(), token)).toEqual({
      valid: true,
      subscriptionId: sub.id,
      name: "Pashmina Wrap",
      email: "w•••@example.pk",
      unsubscribed: false,
    });
    expect(await unsubscribeByToken(db(), token)).toEqual({ name: "Pashmina Wrap", stopped: 2 });
    expect(await unsubscribeByToken(db(), token)).toEqual({ name: "Pashmina Wrap", stopped: 0 }); // twice is harmless
    expect(await readUnsubscribeLink(db(), token)).toMatchObject({ valid: true, unsubscribed: true });

    await saveProduct({ db: db() }, edit(laterInput, { stock: 5 }), { id: later });
    expect(await notifyEmails("wrap@example.pk")).toHaveLength(1);
    expect(await notifyEmails("friend@example.pk")).toHaveLength(1);
  });
});
