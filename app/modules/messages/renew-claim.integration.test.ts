import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messageOutbox } from "~/schema";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { claimDueEmails, deliverMessage } from "./mail-worker.server";
import type { EmailSender } from "./message-sender";
import { claimSize, heldClaim, renewClaim } from "./renew-claim.server";

const SHOP = {
  name: "Kapra",
  contactEmail: "owner@kapra.test",
  phone: "+923001234567",
  address: "1 Mall Road",
  city: "Lahore",
  publicUrl: "https://kapra.test",
};

describe("claimSize", () => {
  it("claims what is sent at 10 s each within half the lease: 6 for the 2-minute lease, at least 1, at most 20", () => {
    expect(claimSize()).toBe(6);
    expect(claimSize(12_000)).toBe(1);
    expect(claimSize(60 * 60_000)).toBe(20);
  });
});

describe.each(DATABASE_KINDS)("a claim re-checked before each send, on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;
  const queue = async (to: string) =>
    (
      await db()
        .insert(messageOutbox)
        .values({
          kind: "password_changed",
          toAddress: to,
          subject: "Password changed",
          data: { name: "Ayesha", at: new Date().toISOString(), dashboardPath: "/buyer-dashboard" },
        })
        .returning()
    )[0];

  it("renews a claim this process holds, and finds one another process took over after the lease lapsed", async () => {
    const queued = await queue("held@example.pk");
    const t0 = new Date();
    const [claimed] = await claimDueEmails(db(), { claimMs: 1_000, now: t0 });
    expect(claimed.id).toBe(queued.id);
    const renewed = await renewClaim(db(), claimed, 60_000);
    expect(renewed?.claimedUntil?.getTime()).toBeGreaterThan(claimed.claimedUntil!.getTime());
    // Renewed again from the old token: that claim is gone.
    expect(await renewClaim(db(), claimed, 60_000)).toBeNull();
    // Another process takes it once the lease has lapsed: this one's token is stale, its writes change nothing.
    const [taken] = await claimDueEmails(db(), {
      claimMs: 60_000,
      now: new Date(renewed!.claimedUntil!.getTime() + 1),
    });
    expect(taken.id).toBe(queued.id);
    expect(await renewClaim(db(), renewed!, 60_000)).toBeNull();
    expect(
      await db().update(messageOutbox).set({ status: "failed" }).where(heldClaim(renewed!)).returning(),
    ).toHaveLength(0);
    expect(await renewClaim(db(), taken, 60_000)).not.toBeNull();
  });

  it("does not send a message whose claim was taken over, and leaves it to the process that took it", async () => {
    const queued = await queue("taken@example.pk");
    const sent: string[] = [];
    const sender: EmailSender = {
      send: async (m) => (sent.push(m.to), { accepted: true, messageId: "<x@kapra.test>" }),
      close: async () => {},
    };
    const [mine] = await claimDueEmails(db(), { claimMs: 1_000 });
    const [theirs] = await claimDueEmails(db(), { claimMs: 60_000, now: new Date(mine.claimedUntil!.getTime() + 1) });
    expect(theirs.id).toBe(queued.id);
    const options = { senders: { email: sender }, from: "Kapra <orders@kapra.test>", publicUrl: "https://kapra.test" };
    expect(await deliverMessage(db(), mine, SHOP, options)).toBe("sending");
    expect(sent).toEqual([]);
    expect(await deliverMessage(db(), theirs, SHOP, options)).toBe("sent");
    expect(sent).toEqual(["taken@example.pk"]);
    const [row] = await db().select().from(messageOutbox).where(eq(messageOutbox.id, queued.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, claimedUntil: null });
  });
});
