import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, messageOutbox, notifySubscriptions } from "~/schema";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { subscribeToNotify } from "~/flows/subscribe-to-notify.server";
import { contactForm } from "../../../tests/factories/contact-form";
import { CONTACT_FORM_EXPIRED } from "./contact-messages";
import { submitContactMessage } from "~/flows/submit-contact-message.server";

describe.each(DATABASE_KINDS)("contact messages and notify-me sign-ups on %s", (kind) => {
  // notificationEmails: where messages are e-mailed.
  const database = useTestDatabase(kind, { seed: "settings", settings: { notificationEmails: ["owner@kapra.test"] } });
  const count = async (table: typeof contactMessages | typeof notifySubscriptions) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  it("stores a valid message, trimmed, for the owner's inbox", async () => {
    const form = await contactForm(database.db, {
      name: " Bilal Ahmed ",
      email: "bilal@example.pk",
      subject: "Exchange",
      message: "Can I swap M for L?",
    });
    const result = await submitContactMessage({ db: database.db }, form, { address: "10.8.0.2" });
    expect(result).toEqual({ ok: true });
    const [row] = await database.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: "Bilal Ahmed", email: "bilal@example.pk", subject: "Exchange", readAt: null });
  });

  it("stores nothing for bad input and gives the typed values back", async () => {
    const before = await count(contactMessages);
    const result = await submitContactMessage(
      { db: database.db },
      { name: "Sana", email: "sana@", subject: "", message: "Hello" },
      { address: "10.8.0.2" },
    );
    expect(result).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address", subject: "Please enter a subject" },
      values: { name: "Sana", email: "sana@", subject: "", message: "Hello" },
    });
    expect(await count(contactMessages)).toBe(before);
  });

  const MESSAGE = { name: "Hina", email: "hina@example.pk", subject: "Sizes", message: "Do you have XL?" };

  it("spam gets the same thanks as a real message and stores nothing: a filled honeypot, no or a forged token", async () => {
    const before = await count(contactMessages);
    const spam = [
      { ...(await contactForm(database.db, MESSAGE)), website: "https://cheap-pills.example" },
      MESSAGE,
      { ...MESSAGE, formStartedAt: `${Date.now() - 60_000}.${"A".repeat(43)}` },
    ];
    for (const form of spam)
      expect(await submitContactMessage({ db: database.db }, form, { address: "10.8.0.3" })).toEqual({ ok: true });
    expect(await count(contactMessages)).toBe(before);
    // The same message, filled in like a person, is kept and not suspected.
    expect(
      await submitContactMessage({ db: database.db }, await contactForm(database.db, MESSAGE, 4), {
        address: "10.8.0.3",
      }),
    ).toEqual({ ok: true });
    expect(await count(contactMessages)).toBe(before + 1);
    const [kept] = await database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(kept.possibleSpam).toBe(false);
  });

  it("a form sent within 3 s is kept for the owner but marked as possible spam, in the inbox and the e-mail", async () => {
    const fast = { ...MESSAGE, subject: "Pasted in a hurry" };
    expect(
      await submitContactMessage({ db: database.db }, await contactForm(database.db, fast, 1), { address: "10.8.0.7" }),
    ).toEqual({ ok: true });
    const [kept] = await database.db.select().from(contactMessages).where(eq(contactMessages.subject, fast.subject));
    expect(kept).toMatchObject({ name: "Hina", possibleSpam: true, readAt: null });
    const [mail] = await database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.subject, `Contact form: ${fast.subject}`));
    expect(mail.data).toMatchObject({ possibleSpam: true, message: MESSAGE.message });
  });

  it("a form open for over a day is sent back with its values, to send again", async () => {
    const before = await count(contactMessages);
    const result = await submitContactMessage({ db: database.db }, await contactForm(database.db, MESSAGE, 25 * 3600), {
      address: "10.8.0.4",
    });
    expect(result).toEqual({ ok: false, errors: {}, values: MESSAGE, formError: CONTACT_FORM_EXPIRED });
    expect(await count(contactMessages)).toBe(before);
  });

  it("10 messages per address an hour; the 11th gets a 429 message with the wait, and keeps its values", async () => {
    process.env.ABUSE_LIMITS_SCALE = "1";
    try {
      for (let i = 0; i < 10; i++)
        expect(
          await submitContactMessage({ db: database.db }, await contactForm(database.db, MESSAGE), {
            address: "10.8.0.5",
          }),
        ).toEqual({ ok: true });
      const before = await count(contactMessages);
      const refused = await submitContactMessage({ db: database.db }, await contactForm(database.db, MESSAGE), {
        address: "10.8.0.5",
      });
      expect(refused).toMatchObject({
        ok: false,
        values: MESSAGE,
        formError: "You have sent several messages in a short time. Please wait 60 minutes and try again.",
      });
      expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(3500);
      expect(await count(contactMessages)).toBe(before);
      expect(
        await submitContactMessage({ db: database.db }, await contactForm(database.db, MESSAGE), {
          address: "10.8.0.6",
        }),
      ).toEqual({ ok: true });
    } finally {
      process.env.ABUSE_LIMITS_SCALE = "1000";
    }
  });

  it("keeps one notify-me sign-up per e-mail and item, whatever the case of the e-mail", async () => {
    expect(
      await subscribeToNotify(
        database.db,
        { email: "Hina@Example.pk", target: "category:jackets" },
        { address: "10.8.0.1" },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await subscribeToNotify(
        database.db,
        { email: "hina@example.pk ", target: "category:jackets" },
        { address: "10.8.0.1" },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await subscribeToNotify(
        database.db,
        { email: "hina@example.pk", target: "product:quilted-bomber-jacket" },
        { address: "10.8.0.1" },
      ),
    ).toMatchObject({ ok: true });
    const rows = await database.db.select().from(notifySubscriptions);
    expect(rows.map((r) => `${r.email} ${r.target}`).sort()).toEqual([
      "hina@example.pk category:jackets",
      "hina@example.pk product:quilted-bomber-jacket",
    ]);
  });

  it("refuses a bad e-mail or target and stores nothing", async () => {
    const before = await count(notifySubscriptions);
    expect(
      await subscribeToNotify(
        database.db,
        { email: "not-an-email", target: "category:jackets" },
        { address: "10.8.0.1" },
      ),
    ).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address" },
      values: { email: "not-an-email" },
    });
    expect(
      await subscribeToNotify(database.db, { email: "a@b.pk", target: "drop table" }, { address: "10.8.0.1" }),
    ).toMatchObject({ ok: false, errors: { target: "Unknown item" } });
    expect(await count(notifySubscriptions)).toBe(before);
  });
});
