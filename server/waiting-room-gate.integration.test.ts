import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, waitingRoom } from "~/schema";
import { saveLaunch } from "~/flows/save-launch.server";
import { readLine, takeTicket } from "~/modules/waiting-room/waiting-room.server";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { createWaitingRoomGate } from "./waiting-room-gate";

const IDLE = { inFlight: 0, loopDelayMs: 1, poolWaiting: 0 };
const SWAMPED = { inFlight: 500, loopDelayMs: 900, poolWaiting: 30 };

/**
 * The waiting room's pace (decision 0034), one process's ticks driven by hand: a process that keeps
 * up lets more in each second, one that is busy lets no one in and halves its pace; the line never
 * lets in a ticket not given. And a ticket is let in at once only when nobody waits.
 */
describe.each(DATABASE_KINDS)("the waiting room's pace on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  it("lets in more each second while it keeps up, none while busy, never past the last ticket", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "pocket-tee"));
    await saveLaunch({ db: db() }, null, {
      name: "Pace",
      opensAt: new Date(Date.now() - 1000),
      perBuyerLimit: null,
      waitingRoom: true,
      productIds: ["pocket-tee"],
    });
    expect(await takeTicket(db(), true)).toEqual({ ticket: 1, admitted: true });
    await db().update(waitingRoom).set({ lastTicket: 100 });
    // Nobody is let in ahead of those waiting, however free the process.
    expect(await takeTicket(db(), true)).toEqual({ ticket: 101, admitted: false });
    let load = IDLE;
    const gate = createWaitingRoomGate({
      db: db(),
      authSecret: "a-test-secret-that-is-long-enough-0123456789",
      headers: {},
      secureCookies: false,
      sampleLoad: () => load,
      timer: false,
    });
    try {
      const admitted = async () => (await readLine(db())).admittedThrough;
      await gate.tick(); // reads the launches and the line
      await gate.tick();
      const first = await admitted();
      await gate.tick();
      const second = await admitted();
      expect(second - first).toBeGreaterThan(first - 1);
      load = SWAMPED;
      await gate.tick();
      expect(await admitted()).toBe(second);
      load = IDLE;
      for (let i = 0; i < 12; i++) await gate.tick();
      expect(await readLine(db())).toMatchObject({ admittedThrough: 101, lastTicket: 101 });
      expect((await readLine(db())).perSecond).toBeGreaterThan(0);
    } finally {
      gate.stop();
    }
  });
});
