import { describe, expect, it } from "vitest";
import {
  answerP90,
  isBusy,
  latestOpening,
  nextStep,
  passPredates,
  placeInLine,
  refreshSeconds,
  STEP_RANGE,
  waitText,
} from "./admission-rules";
import { createTokenSigner } from "./waiting-room-token";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe("the waiting room's tokens", () => {
  const signer = createTokenSigner(SECRET);

  it("reads back a ticket and a pass it signed", () => {
    expect(signer.read(signer.ticket(42, 1_800_000_000))).toEqual({
      kind: "ticket",
      number: 42,
      issuedAt: 1_800_000_000,
    });
    expect(signer.read(signer.pass(42, 1_800_000_600))).toEqual({ kind: "pass", ticket: 42, expiresAt: 1_800_000_600 });
  });

  it("a forged, altered or foreign token reads as none: its holder gains no place", () => {
    const ticket = signer.ticket(5000, 1_800_000_000);
    const [, , issued, signature] = ticket.split(".");
    // An earlier place with the same signature.
    expect(signer.read(`t.1.${issued}.${signature}`)).toBeNull();
    // A ticket passed off as a pass.
    expect(signer.read(`p.5000.${issued}.${signature}`)).toBeNull();
    // A pass that runs longer.
    const pass = signer.pass(7, 1_800_000_600);
    expect(signer.read(pass.replace("1800000600", "1900000600"))).toBeNull();
    // Signed by another shop's secret.
    expect(signer.read(createTokenSigner(`${SECRET}-other`).ticket(1, 1_800_000_000))).toBeNull();
    for (const junk of [undefined, "", "t.1.2", "t.1.2.x", "x".repeat(500), `t.-1.2.${"a".repeat(32)}`])
      expect(signer.read(junk)).toBeNull();
  });
});

describe("the waiting room's rules", () => {
  it("is busy past any one limit", () => {
    const limits = { maxInFlight: 48, maxLoopDelayMs: 150, maxPoolWaiting: 4, maxAnswerMs: 250 };
    expect(isBusy({ inFlight: 48, loopDelayMs: 150, poolWaiting: 4, answerMs: 250 }, limits)).toBe(false);
    expect(isBusy({ inFlight: 0, loopDelayMs: 0, poolWaiting: 0, answerMs: 251 }, limits)).toBe(true);
    expect(answerP90([])).toBe(0);
    expect(answerP90([10, 500, 20, 30, 40, 50, 60, 70, 80, 90])).toBe(90);
    expect(answerP90([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 900])).toBe(100);
    expect(isBusy({ inFlight: 49, loopDelayMs: 0, poolWaiting: 0 }, limits)).toBe(true);
    expect(isBusy({ inFlight: 0, loopDelayMs: 151, poolWaiting: 0 }, limits)).toBe(true);
    expect(isBusy({ inFlight: 0, loopDelayMs: 0, poolWaiting: 5 }, limits)).toBe(true);
  });

  it("lets more in each second while the process keeps up, half as many as soon as it does not", () => {
    expect(nextStep(10, false)).toBe(11);
    expect(nextStep(50, false)).toBe(55);
    expect(nextStep(13, true)).toBe(6);
    expect(nextStep(1, true)).toBe(STEP_RANGE.min);
    expect(nextStep(STEP_RANGE.max, false)).toBe(STEP_RANGE.max);
  });

  it("tells a waiting shopper their place and about how long", () => {
    expect(placeInLine(5120, 5000, 10)).toEqual({ place: 120, seconds: 12 });
    expect(placeInLine(4990, 5000, 10)).toEqual({ place: 1, seconds: 1 });
    expect(waitText(12)).toBe("less than a minute");
    expect(waitText(90)).toBe("about 2 minutes");
    expect(waitText(60)).toBe("about a minute");
    expect([refreshSeconds(1), refreshSeconds(400), refreshSeconds(4000)]).toEqual([3, 6, 12]);
  });
});

describe("a launch's opening and the passes given before it", () => {
  const at = (iso: string) => new Date(iso);
  it("the latest opening that has come, in whole seconds; none before the first", () => {
    const openings = [at("2026-12-01T19:00:00Z"), at("2026-12-01T20:00:00Z")];
    expect(latestOpening(openings, at("2026-12-01T18:59:59Z"))).toBeNull();
    expect(latestOpening(openings, at("2026-12-01T19:00:00.500Z"))).toBe(Date.parse("2026-12-01T19:00:00Z") / 1000);
    expect(latestOpening(openings, at("2026-12-01T21:00:00Z"))).toBe(Date.parse("2026-12-01T20:00:00Z") / 1000);
    expect(latestOpening([], at("2026-12-01T21:00:00Z"))).toBeNull();
  });
  it("a pass given before the opening predates it; one given at or after it does not", () => {
    const opening = 1_000_000;
    expect(passPredates(opening - 1 + 1200, 1200, opening)).toBe(true);
    expect(passPredates(opening + 1200, 1200, opening)).toBe(false);
    expect(passPredates(opening + 1200, 1200, null)).toBe(false);
  });
});
