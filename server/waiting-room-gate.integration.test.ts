import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants, waitingRoom } from "~/schema";
import { waitingRoomProducts } from "~/modules/launches/launches.server";
import { saveLaunch } from "~/flows/save-launch.server";
import { readLine, takeTicket } from "~/modules/waiting-room/waiting-room.server";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { createWaitingRoomGate, PASS_COOKIE, renderWaitingPage, TICKET_COOKIE } from "./waiting-room-gate";
import { STEP_RANGE } from "~/modules/waiting-room/admission-rules";

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

  it("a pass given on the countdown does not skip the line the opening forms; past a second's pace, arrivals take tickets", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.id, "cargo-shorts"));
    let now = Date.now();
    await saveLaunch({ db: db(), now: new Date(now) }, null, {
      name: "Midnight",
      opensAt: new Date(now + 60_000),
      perBuyerLimit: null,
      waitingRoom: true,
      productIds: ["cargo-shorts"],
    });
    const gate = createWaitingRoomGate({
      db: db(),
      authSecret: "a-test-secret-that-is-long-enough-0123456789",
      headers: {},
      secureCookies: false,
      sampleLoad: () => IDLE,
      clock: () => new Date(now),
      timer: false,
    });
    const server = http.createServer((req, res) => gate.handle(req, res, () => void res.end("the product page")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/product/cargo-shorts`;
    const visit = async (cookie = "") => {
      const res = await fetch(url, { headers: cookie ? { cookie } : {} });
      const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
      return { text: await res.text(), set };
    };
    try {
      await gate.tick();
      // On the countdown, a quiet shop lets the shopper straight in, with a pass.
      const early = await visit();
      expect(early.text).toBe("the product page");
      const pass = early.set.find((c) => c.startsWith(`${PASS_COOKIE}=`))!;
      expect(pass).toBeTruthy();
      // The same pass a minute on, before the opening, is still good (nothing new is set).
      now += 30_000;
      expect(await visit(pass)).toEqual({ text: "the product page", set: [] });

      now += 31_000; // the launch has opened
      await gate.tick();
      // The countdown's pass counts for nothing now: the shopper comes in as an arrival, with a new pass.
      const again = await visit(pass);
      expect(again.text).toBe("the product page");
      expect(again.set).toHaveLength(1);
      expect(again.set[0]).not.toBe(pass);
      // Within the same second, only the slow start's pace goes straight in; the rest take tickets, in order.
      const crowd = [];
      for (let i = 0; i < STEP_RANGE.start + 2; i++) crowd.push(await visit());
      const straightIn = crowd.filter((c) => c.text === "the product page");
      const waiting = crowd.filter((c) => c.text.includes("You are in line"));
      expect(straightIn).toHaveLength(STEP_RANGE.start - 1);
      expect(waiting).toHaveLength(3);
      expect(waiting.every((w) => w.set.some((c) => c.startsWith(`${TICKET_COOKIE}=`)))).toBe(true);
      expect(waiting.map((w) => /Your place: <strong>(\d+)/.exec(w.text)?.[1])).toEqual(["1", "2", "3"]);
      // The next second lets them in, in turn.
      await gate.tick();
      const first = await visit(waiting[0].set[0]);
      expect(first.text).toBe("the product page");
      // Once every piece is gone, those still in line are told so rather than waiting for nothing.
      expect((await waitingRoomProducts(db(), new Date(now))).soldOut).toBe(false);
      await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, "cargo-shorts"));
      const rooms = await waitingRoomProducts(db(), new Date(now));
      expect(rooms).toMatchObject({ productIds: expect.arrayContaining(["cargo-shorts"]), soldOut: false });
      // Another launch in the window (the first test's) still has pieces: only when all are gone.
      await db().update(productVariants).set({ stock: 0 }).where(inArray(productVariants.productId, rooms.productIds));
      expect((await waitingRoomProducts(db(), new Date(now))).soldOut).toBe(true);
      const page = renderWaitingPage({
        brand: "Kapra",
        place: 40,
        wait: "less than a minute",
        refresh: 3,
        soldOut: true,
      });
      expect(page).toContain("Everything in this launch has sold out.");
      expect(page).toContain('<a href="/"');
      expect(renderWaitingPage({ brand: "Kapra", place: 40, wait: "soon", refresh: 3 })).not.toContain("sold out");
    } finally {
      server.close();
      gate.stop();
    }
  });
});
