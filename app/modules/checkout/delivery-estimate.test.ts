import { describe, expect, it } from "vitest";
import { estimateDelivery, formatDeliveryRange } from "./delivery-estimate";

/** An instant given as Pakistan local time (UTC+5). */
const pkt = (iso: string) => new Date(`${iso}+05:00`);
/** Noon in Pakistan on a calendar day, which is what the estimate returns. */
const noonPkt = (date: string) => pkt(`${date}T12:00:00`);

// November 2025: Sat 22, Sun 23, Mon 24, Tue 25, Wed 26, Thu 27, Fri 28, Sat 29, Sun 30; Mon 1 Dec.
describe("estimateDelivery", () => {
  it("follows the shop's Settings: its own city gets the local range, the rest the national one", () => {
    const lahoreShop = {
      city: "Lahore",
      localDeliveryMinDays: 1,
      localDeliveryMaxDays: 2,
      nationalDeliveryMinDays: 4,
      nationalDeliveryMaxDays: 8,
    };
    expect(estimateDelivery(" lahore", pkt("2025-11-24T10:00:00"), lahoreShop)).toEqual({
      from: noonPkt("2025-11-25"),
      to: noonPkt("2025-11-26"),
      minDays: 1,
      maxDays: 2,
    });
    // Karachi is elsewhere for a Lahore shop: 4-8 working days, Sunday 30 Nov skipped.
    expect(estimateDelivery("Karachi", pkt("2025-11-24T10:00:00"), lahoreShop)).toEqual({
      from: noonPkt("2025-11-28"),
      to: noonPkt("2025-12-03"),
      minDays: 4,
      maxDays: 8,
    });
  });

  it("gives Karachi 3-5 working days from the next day", () => {
    const estimate = estimateDelivery("Karachi", pkt("2025-11-24T10:00:00")); // Monday
    expect(estimate).toEqual({ from: noonPkt("2025-11-27"), to: noonPkt("2025-11-29"), minDays: 3, maxDays: 5 });
  });

  it("gives other cities 5-7 working days, skipping Sunday", () => {
    const estimate = estimateDelivery("Lahore", pkt("2025-11-24T10:00:00")); // Monday
    expect(estimate).toEqual({ from: noonPkt("2025-11-29"), to: noonPkt("2025-12-02"), minDays: 5, maxDays: 7 });
  });

  it("does not count the Sunday after a Saturday order", () => {
    const karachi = estimateDelivery("karachi ", pkt("2025-11-22T15:00:00")); // Saturday
    expect(karachi.from).toEqual(noonPkt("2025-11-26"));
    expect(karachi.to).toEqual(noonPkt("2025-11-28"));
    const lahore = estimateDelivery("Lahore", pkt("2025-11-22T15:00:00"));
    expect(lahore.from).toEqual(noonPkt("2025-11-28"));
    expect(lahore.to).toEqual(noonPkt("2025-12-01"));
  });

  it("starts counting on Monday for a Sunday order", () => {
    const estimate = estimateDelivery("Karachi", pkt("2025-11-23T09:00:00")); // Sunday
    expect(estimate.from).toEqual(noonPkt("2025-11-26"));
    expect(estimate.to).toEqual(noonPkt("2025-11-28"));
  });

  it("uses the Pakistan calendar day, not the UTC one", () => {
    // 00:30 on Sunday in Pakistan is still Saturday 19:30 in UTC; it must count as a Sunday order.
    const justAfterMidnight = estimateDelivery("Karachi", pkt("2025-11-23T00:30:00"));
    expect(justAfterMidnight.from).toEqual(noonPkt("2025-11-26"));
    // 23:59 on Saturday in Pakistan is a Saturday order: same days, because Sunday is skipped.
    const lateSaturday = estimateDelivery("Karachi", pkt("2025-11-22T23:59:00"));
    expect(lateSaturday.from).toEqual(noonPkt("2025-11-26"));
    // 23:59 on Friday: counting starts on Saturday.
    const lateFriday = estimateDelivery("Karachi", pkt("2025-11-21T23:59:00"));
    expect(lateFriday.from).toEqual(noonPkt("2025-11-25"));
    expect(lateFriday.to).toEqual(noonPkt("2025-11-27"));
  });

  it("treats a typed city that is not Karachi as elsewhere", () => {
    expect(estimateDelivery("Chitral", pkt("2025-11-24T10:00:00")).minDays).toBe(5);
  });

  it("crosses month and year ends", () => {
    const estimate = estimateDelivery("Quetta", pkt("2025-12-27T12:00:00")); // Saturday
    // Mon 29, Tue 30, Wed 31, Thu 1, Fri 2 (5th), Sat 3, (Sun 4 skipped), Mon 5 (7th).
    expect(estimate.from).toEqual(noonPkt("2026-01-02"));
    expect(estimate.to).toEqual(noonPkt("2026-01-05"));
  });
});

describe("formatDeliveryRange", () => {
  it("shows both days with weekday, day and short month", () => {
    expect(formatDeliveryRange({ from: noonPkt("2025-11-26"), to: noonPkt("2025-11-28") })).toBe(
      "Wed 26 Nov – Fri 28 Nov",
    );
  });
  it("formats the estimate for a Saturday order in Karachi", () => {
    expect(formatDeliveryRange(estimateDelivery("Karachi", pkt("2025-11-22T15:00:00")))).toBe(
      "Wed 26 Nov – Fri 28 Nov",
    );
  });
  it("reads the days in Pakistan time", () => {
    // 23:30 UTC on the 25th is already the 26th in Pakistan.
    expect(formatDeliveryRange({ from: new Date("2025-11-25T23:30:00Z"), to: noonPkt("2025-12-01") })).toBe(
      "Wed 26 Nov – Mon 1 Dec",
    );
  });
  it("shows one day once", () => {
    expect(formatDeliveryRange({ from: noonPkt("2025-11-26"), to: noonPkt("2025-11-26") })).toBe("Wed 26 Nov");
  });
});
