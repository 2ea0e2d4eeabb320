import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { resetToMigration } from "../../tests/factories/migrations-up-to";
import { migrateDatabase, type DbOrTx } from "./client.server";
import { messageOutbox } from "~/schema";

const BEFORE = "0011_cart_reminders";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-outbox-migration-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Migration 0012 renames email_outbox to message_outbox and adds its channel: a shop that upgrades
 * keeps every e-mail (queued ones are still sent), their ids, and the sequence after them.
 */
describe.each(DATABASE_KINDS)("the messages outbox migration on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });

  it("renames email_outbox with its rows, ids, sequence, indexes and constraints, and makes every old row an e-mail", async () => {
    const { db } = database;
    // A shop at the migration before: no schema, then the migrations up to 0011.
    await resetToMigration(database, tmp, BEFORE);
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, data, status, attempts, last_error)
      values ('test_email', 'owner@kapra.pk', 'Sent', '{}'::jsonb, 'sent', 1, null),
             ('password_changed', 'buyer@kapra.pk', 'Waiting', '{"name":"Bilal"}'::jsonb, 'queued', 2, 'mail server down')`);

    await migrateDatabase(database);

    const kept = await db.select().from(messageOutbox).orderBy(messageOutbox.id);
    expect(kept.map((r) => [r.id, r.channel, r.kind, r.toAddress, r.status, r.attempts, r.lastError, r.data])).toEqual([
      [1, "email", "test_email", "owner@kapra.pk", "sent", 1, null, {}],
      [2, "email", "password_changed", "buyer@kapra.pk", "queued", 2, "mail server down", { name: "Bilal" }],
    ]);
    const [next] = await db
      .insert(messageOutbox)
      .values({ kind: "test_email", toAddress: "new@kapra.pk", subject: "New", data: {} })
      .returning();
    expect(next).toMatchObject({ id: 3, channel: "email", status: "queued" });
    await expect(
      db.execute(
        sql`insert into message_outbox (channel, kind, to_address, subject, data) values ('pigeon', 'test_email', 'x@kapra.pk', 'x', '{}'::jsonb)`,
      ),
    ).rejects.toThrow();

    expect(await rows(db, sql`select to_regclass('public.email_outbox') is null as gone`)).toEqual([{ gone: true }]);
    const names = (list: { name: string }[]) => list.map((r) => r.name).sort();
    // The renamed indexes are there under their new names (later migrations add more of their own), none under the old.
    const indexes = names(
      await rows(db, sql`select indexname as name from pg_indexes where tablename = 'message_outbox'`),
    );
    expect(indexes).toEqual(
      expect.arrayContaining([
        "message_outbox_created_idx",
        "message_outbox_due_idx",
        "message_outbox_order_number_idx",
        "message_outbox_pkey",
        "message_outbox_resent_from_idx",
      ]),
    );
    expect(indexes.filter((name) => name.startsWith("email_outbox"))).toEqual([]);
    expect(
      names(
        await rows(
          db,
          sql`select conname as name from pg_constraint where conrelid = 'public.message_outbox'::regclass and contype in ('p', 'f', 'c')`,
        ),
      ),
    ).toEqual([
      "message_outbox_attempts_non_negative",
      "message_outbox_channel_known",
      "message_outbox_kind_known",
      "message_outbox_order_id_orders_id_fk",
      "message_outbox_pkey",
      "message_outbox_status_known",
    ]);
    expect(await rows(db, sql`select pg_get_serial_sequence('public.message_outbox', 'id') as name`)).toEqual([
      { name: "public.message_outbox_id_seq" },
    ]);
  });
});
