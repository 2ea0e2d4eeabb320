import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, notifySubscriptions } from "~/db/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../../tests/factories/test-database";
import { subscribeToNotify } from "../notifications/subscribe-to-notify.server";
import { submitContactMessage } from "./submit-contact-message.server";

describe.each(DATABASE_KINDS)("contact messages and notify-me sign-ups on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 120_000);
  afterAll(async () => database?.destroy());
  const count = async (table: typeof contactMessages | typeof notifySubscriptions) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  it("stores a valid message, trimmed, for the owner's inbox", async () => {
    const result = await submitContactMessage(database.db, { name: " Bilal Ahmed ", email: "bilal@example.pk", subject: "Exchange", message: "Can I swap M for L?" });
    expect(result).toEqual({ ok: true });
    const [row] = await database.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: "Bilal Ahmed", email: "bilal@example.pk", subject: "Exchange", readAt: null });
  });

  it("stores nothing for bad input and gives the typed values back", async () => {
    const before = await count(contactMessages);
    const result = await submitContactMessage(database.db, { name: "Sana", email: "sana@", subject: "", message: "Hello" });
    expect(result).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address", subject: "Please enter a subject" },
      values: { name: "Sana", email: "sana@", subject: "", message: "Hello" },
    });
    expect(await count(contactMessages)).toBe(before);
  });

  it("keeps one notify-me sign-up per e-mail and item, whatever the case of the e-mail", async () => {
    expect(await subscribeToNotify(database.db, { email: "Hina@Example.pk", target: "category:jackets" }, { address: "10.8.0.1" })).toMatchObject({ ok: true });
    expect(await subscribeToNotify(database.db, { email: "hina@example.pk ", target: "category:jackets" }, { address: "10.8.0.1" })).toMatchObject({ ok: true });
    expect(await subscribeToNotify(database.db, { email: "hina@example.pk", target: "product:quilted-bomber-jacket" }, { address: "10.8.0.1" })).toMatchObject({ ok: true });
    const rows = await database.db.select().from(notifySubscriptions);
    expect(rows.map((r) => `${r.email} ${r.target}`).sort()).toEqual(["hina@example.pk category:jackets", "hina@example.pk product:quilted-bomber-jacket"]);
  });

  it("refuses a bad e-mail or target and stores nothing", async () => {
    const before = await count(notifySubscriptions);
    expect(await subscribeToNotify(database.db, { email: "not-an-email", target: "category:jackets" }, { address: "10.8.0.1" })).toEqual({
      ok: false, errors: { email: "Please enter a valid email address" }, values: { email: "not-an-email" },
    });
    expect(await subscribeToNotify(database.db, { email: "a@b.pk", target: "drop table" }, { address: "10.8.0.1" })).toMatchObject({ ok: false, errors: { target: "Unknown item" } });
    expect(await count(notifySubscriptions)).toBe(before);
  });
});
