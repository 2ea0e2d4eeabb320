import { describe, expect, it } from "vitest";
import { TOO_MANY_PHOTOS as SERVER_TOO_MANY_PHOTOS } from "~/modules/returns/return-input";
import { parseSubmission } from "~/http/form-reply";
import { formErrors, keptReturnValue, returnFormSchema, TOO_MANY_PHOTOS } from "./return-form-fields";
import {
  exchangeStoreCredit,
  itemWords,
  moneyLines,
  reasonWords,
  returnHeadline,
  stepWords,
  type ReturnCard,
} from "./return-words";

const item = (over: Partial<ReturnCard["items"][number]> = {}): ReturnCard["items"][number] => ({
  id: 1,
  orderItemId: 10,
  name: "Essential Crew Neck Tee",
  color: "Black",
  size: "M",
  quantity: 1,
  kind: "exchange",
  exchangeVariantId: 5,
  exchangeColor: "Black",
  exchangeSize: "L",
  condition: null,
  restockedAt: null,
  paidValue: 1299,
  imageKey: null,
  ...over,
});
const replacement = (
  over: Partial<NonNullable<ReturnCard["replacement"]>> = {},
): NonNullable<ReturnCard["replacement"]> => ({
  id: "r",
  orderNumber: "EX-123456",
  status: "pending",
  total: 0,
  subtotal: 1299,
  exchangeCredit: 1299,
  ...over,
});

describe("a return request in words (the order page's returns section)", () => {
  it("says where the request is: Requested, Approved, Replacement shipped, Rejected with the reason, Item received, Closed", () => {
    expect(returnHeadline({ status: "requested", rejectionReason: null, replacement: null })).toBe("Requested");
    expect(returnHeadline({ status: "approved", rejectionReason: null, replacement: replacement() })).toBe("Approved");
    expect(returnHeadline({ status: "approved", rejectionReason: null, replacement: null })).toBe("Approved");
    expect(
      returnHeadline({ status: "approved", rejectionReason: null, replacement: replacement({ status: "shipped" }) }),
    ).toBe("Replacement shipped");
    expect(
      returnHeadline({ status: "approved", rejectionReason: null, replacement: replacement({ status: "delivered" }) }),
    ).toBe("Replacement shipped");
    expect(returnHeadline({ status: "rejected", rejectionReason: "Worn and washed", replacement: null })).toBe(
      "Rejected: Worn and washed",
    );
    expect(returnHeadline({ status: "received", rejectionReason: null, replacement: null })).toBe("Item received");
    expect(returnHeadline({ status: "closed", rejectionReason: null, replacement: null })).toBe("Closed");
  });

  it("says what the money did: each refund by its method, store credit, and an exchange's credit once the item is back", () => {
    const refunds = [
      {
        id: 1,
        method: "jazzcash" as const,
        amount: 1299,
        reference: "T1",
        recordedByName: "Owner",
        createdAt: new Date(),
      },
      {
        id: 2,
        method: "store_credit" as const,
        amount: 500,
        reference: null,
        recordedByName: "Owner",
        createdAt: new Date(),
      },
    ];
    expect(
      moneyLines({
        status: "closed",
        receivedAt: new Date(),
        items: [item({ kind: "return" })],
        replacement: null,
        refunds,
      }),
    ).toEqual(["Refunded Rs 1,299 by JazzCash", "Store credit Rs 500"]);
    // A cheaper exchange: the old tee was paid 1,299, the replacement took 999 of it; 300 is credit once received.
    const cheaper = {
      status: "received" as const,
      receivedAt: new Date(),
      items: [item()],
      replacement: replacement({ subtotal: 999, exchangeCredit: 999 }),
      refunds: [],
    };
    expect(exchangeStoreCredit(cheaper)).toBe(300);
    expect(moneyLines(cheaper)).toEqual(["Store credit Rs 300 (the new item costs less)"]);
    expect(exchangeStoreCredit({ ...cheaper, status: "approved", receivedAt: null })).toBe(0);
    // Same price or dearer: nothing to credit.
    expect(
      exchangeStoreCredit({
        ...cheaper,
        replacement: replacement({ subtotal: 1499, exchangeCredit: 1299, total: 200 }),
      }),
    ).toBe(0);
  });

  it("names the reason, the items and the history's steps", () => {
    expect(reasonWords({ reason: "wrong_size", reasonText: null })).toBe("Wrong size");
    expect(reasonWords({ reason: "other", reasonText: "The zip broke" })).toBe("Other: The zip broke");
    expect(itemWords(item())).toBe("1 x Essential Crew Neck Tee (Black / M): exchange for Black / L");
    expect(itemWords(item({ kind: "return", quantity: 2, exchangeColor: null, exchangeSize: null }))).toBe(
      "2 x Essential Crew Neck Tee (Black / M): return",
    );
    expect(stepWords("received")).toBe("Item received");
    expect(stepWords("credited")).toBe("Store credit given");
    expect(stepWords("replacement_delivered")).toBe("Replacement delivered");
  });
});

describe("the return form read into the API's body", () => {
  const form = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of fields) data.append(k, v);
    return data;
  };

  it("takes the lines with a quantity, each with its choice, and the exchange's variant only for an exchange", () => {
    const read = parseSubmission(
      form([
        ["quantity.11", "1"],
        ["kind.11", "exchange"],
        ["exchange.11", "42"],
        ["quantity.12", "0"],
        ["kind.12", "return"],
        ["quantity.13", "2"],
        ["kind.13", "return"],
        ["exchange.13", "43"],
        ["reason", "wrong_size"],
        ["reasonText", "Too small"],
      ]),
      returnFormSchema,
    );
    expect(read.status === "success" && read.value).toEqual({
      items: [
        { orderItemId: 11, quantity: 1, kind: "exchange", exchangeVariantId: 42 },
        { orderItemId: 13, quantity: 2, kind: "return" },
      ],
      reason: "wrong_size",
      reasonText: "Too small",
    });
    const kept = read.reply();
    expect(["quantity.12", "exchange.13", "reasonText"].map((name) => keptReturnValue(kept, name))).toEqual([
      "0",
      "43",
      "Too small",
    ]);
  });

  it("puts a message about the nth item sent beside that item's line, and a message about no item above the lines", () => {
    const items = [{ orderItemId: 11 }, { orderItemId: 13 }];
    expect(
      formErrors({ "items.1.kind": "Please choose return or exchange", reason: "Please choose a reason" }, items),
    ).toEqual({ "items.13": "Please choose return or exchange", reason: "Please choose a reason" });
    expect(formErrors({ items: "Please choose at least one item", "items.11": "You ordered 1" }, items)).toEqual({
      items: "Please choose at least one item",
      "items.11": "You ordered 1",
    });
    expect(formErrors({ form: "Something" }, items)).toEqual({ items: "Something" });
  });

  it("refuses a 4th photo in the browser with the server's own words", () => {
    expect(TOO_MANY_PHOTOS).toBe(SERVER_TOO_MANY_PHOTOS);
  });
});
