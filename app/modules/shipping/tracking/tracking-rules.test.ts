import { describe, expect, it } from "vitest";
import { adviceFormSchema, adviceNote, REMARKS_TOO_LONG } from "./advice-form";
import { phoneLinks } from "./problem-links";
import { codRowOf, rupeesOf } from "./sync-payments.server";
import { deliveryRowOf, eventMinute, showsParcelPickedUp, statusKindOf } from "./tracking-event-row";
import { courierSyncText, type CourierSyncOutcome } from "./run-courier-sync.server";
import { syncNowCourierId } from "./sync-now-form";

describe("an API courier's events as the delivery import reads them", () => {
  it("delivered and returned move the order; refused, attempted and returning do not (stock waits for the parcel)", () => {
    expect(statusKindOf("delivered")).toBe("delivered");
    expect(statusKindOf("returned")).toBe("returned");
    for (const kind of [
      "refused",
      "attempted",
      "returning",
      "in-transit",
      "picked-up",
      "booked",
      "cancelled",
      "other",
    ] as const)
      expect(statusKindOf(kind)).toBe("other");
  });

  it("a parcel in the courier's hands ships a booked order; booked or cancelled does not", () => {
    expect(showsParcelPickedUp("picked-up")).toBe(true);
    expect(showsParcelPickedUp("delivered")).toBe(true);
    expect(showsParcelPickedUp("booked")).toBe(false);
    expect(showsParcelPickedUp("cancelled")).toBe(false);
  });

  it("writes the courier's time as Pakistan time to the minute, with its words and reason", () => {
    const at = new Date("2026-11-24T09:05:42Z");
    const row = deliveryRowOf(
      { orderNumber: "ORD-100001", trackingNumber: "PX1" },
      { kind: "attempted", status: "Attempt Made", code: "0013", at, reason: "Customer not answering" },
    );
    expect(row).toEqual({
      line: 0,
      problems: [],
      orderNumber: "ORD-100001",
      trackingNumber: "PX1",
      status: "Attempt Made",
      statusKind: "other",
      date: "2026-11-24 14:05",
      reason: "Customer not answering",
    });
    expect(new Date(eventMinute(at)).toISOString()).toBe("2026-11-24T09:05:00.000Z");
  });
});

describe("a courier's payment as the COD import's row", () => {
  const parcel = { trackingNumber: "PX1", codAmount: 2499 };
  const paid = { trackingNumber: "PX1", settled: true, settledOn: "2026-11-26", reference: "CPR-77" };

  it("passes charges and net paid to the paisa, the cash collected in whole rupees", () => {
    expect(rupeesOf(19118)).toBe(191);
    expect(rupeesOf(19150)).toBe(192);
    expect(
      codRowOf(
        1,
        {
          ...paid,
          collectedPaisa: 249900,
          chargesPaisa: 19118,
          netPaidPaisa: 230782,
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        },
        parcel,
        "CPR-77",
      ),
    ).toEqual({
      line: 1,
      problems: [],
      orderNumber: null,
      trackingNumber: "PX1",
      collected: 2499,
      charges: 191.18,
      netPaid: 2307.82,
      incomeTax: null,
      salesTax: null,
      status: null,
      statusKind: null,
      settlementReference: "CPR-77",
      settlementDate: "2026-11-26",
    });
  });

  it("a courier that says what tax it withheld: the tax passes to the row, and charges left out are what it kept besides the tax", () => {
    const row = codRowOf(
      3,
      {
        ...paid,
        collectedPaisa: 1_000_000,
        chargesPaisa: null,
        netPaidPaisa: 945_000,
        incomeTaxPaisa: 20_000,
        salesTaxPaisa: 20_000,
      },
      parcel,
      "CPR-78",
    );
    expect(row).toMatchObject({ collected: 10_000, charges: 150, incomeTax: 200, salesTax: 200, netPaid: 9450 });
  });

  it("a courier that gives no amounts collected the parcel's COD; without charges, they are what it kept", () => {
    expect(
      codRowOf(
        2,
        {
          ...paid,
          collectedPaisa: null,
          chargesPaisa: null,
          netPaidPaisa: null,
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        },
        parcel,
        "CPR-77",
      ),
    ).toMatchObject({ line: 2, collected: 2499, charges: null, netPaid: null });
    expect(
      codRowOf(
        2,
        {
          ...paid,
          collectedPaisa: null,
          chargesPaisa: null,
          netPaidPaisa: 230050,
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        },
        parcel,
        "CPR-77",
      ),
    ).toMatchObject({ collected: 2499, charges: 198.5, netPaid: 2300.5 });
  });
});

describe("Delivery problems' words", () => {
  it("links the buyer's phone for a call and WhatsApp with a short message", () => {
    const links = phoneLinks("+923001234567", {
      buyerName: "Ayesha Khan",
      orderNumber: "ORD-100001",
      courierName: "PostEx",
    });
    expect(links.tel).toBe("tel:+923001234567");
    expect(links.whatsapp).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/);
    expect(decodeURIComponent(links.whatsapp!.split("text=")[1])).toBe(
      "Assalam o Alaikum Ayesha, about your order ORD-100001: PostEx could not deliver it. When can you receive it?",
    );
  });

  it("reads the advice form: a choice, a remark of at most 200 characters, trimmed", () => {
    expect(
      adviceFormSchema.parse({ intent: "advise", shipmentId: "7", advice: "reattempt", remarks: "  after 5 pm " }),
    ).toEqual({ intent: "advise", shipmentId: 7, advice: "reattempt", remarks: "after 5 pm" });
    expect(adviceFormSchema.parse({ intent: "advise", shipmentId: "7", advice: "return" }).remarks).toBe("");
    const long = adviceFormSchema.safeParse({
      intent: "advise",
      shipmentId: "7",
      advice: "return",
      remarks: "x".repeat(201),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe(REMARKS_TOO_LONG);
    expect(adviceFormSchema.safeParse({ intent: "advise", shipmentId: "7", advice: "burn" }).success).toBe(false);
  });

  it("writes the history note", () => {
    expect(adviceNote("PostEx", "reattempt", "customer will be home after 5")).toBe(
      "Asked PostEx to re-attempt delivery: customer will be home after 5",
    );
    expect(adviceNote("Leopards", "return", "")).toBe("Asked Leopards to return the parcel to the shop");
  });
});

describe("Sync now's words", () => {
  it("says what moved, or the courier's words", () => {
    const tracking = {
      asked: 12,
      events: 9,
      shipped: 0,
      delivered: 3,
      attempts: 1,
      refused: 0,
      returned: 1,
      notApplied: [],
    };
    const ok: CourierSyncOutcome = {
      courierId: 1,
      courierName: "PostEx",
      what: "tracking",
      ok: true,
      tracking,
      payments: null,
    };
    expect(courierSyncText(ok)).toBe("PostEx: 12 parcels asked, 3 delivered, 1 attempt, 1 returned");
    const settlement = {
      reference: "CPR-77",
      paidOn: "2026-11-26",
      parcels: 2,
      expectedTotal: 0,
      collectedTotal: 0,
      chargesTotal: 0,
      incomeTaxTotal: 0,
      salesTaxTotal: 0,
      paidTotal: 0,
    };
    expect(courierSyncText({ ...ok, payments: { asked: 4, paid: 2, settlements: [settlement], notApplied: [] } })).toBe(
      "PostEx: 12 parcels asked, 3 delivered, 1 attempt, 1 returned, 2 parcels paid in CPR-77",
    );
    expect(
      courierSyncText({
        courierId: 1,
        courierName: "Leopards",
        what: "tracking",
        ok: false,
        message: "Invalid API key",
      }),
    ).toBe("Leopards: Invalid API key");
  });

  it("reads the courier of a Sync now form", () => {
    expect(syncNowCourierId("3")).toBe(3);
    expect(syncNowCourierId("")).toBeNull();
    expect(syncNowCourierId(null)).toBeNull();
    expect(syncNowCourierId("-1")).toBeNull();
    expect(syncNowCourierId("1e3")).toBeNull();
  });
});
