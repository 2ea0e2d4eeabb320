import { describe, expect, it } from "vitest";
import {
  filterSelectionSearchParams,
  orderSelectionSearchParams,
  readOrderSelection,
  SELECTION_MAX,
  tooManyMatchMessage,
} from "./order-selection";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("reading which orders a request selects", () => {
  it("reads ticked ids repeated or comma-separated, once each, in the order given", () => {
    expect(
      readOrderSelection(
        new URLSearchParams([
          ["orderIds", A],
          ["orderIds", `${B}, ${A}`],
          ["orderIds", " "],
        ]),
      ),
    ).toEqual({ kind: "ids", orderIds: [A, B] });
    expect(readOrderSelection(new URLSearchParams("status=confirmed"))).toEqual({ kind: "ids", orderIds: [] });
  });

  it("reads selection=filter with the Orders tab's filter, from a URL or a posted form, and the filter wins over ticked boxes", () => {
    const url = new URLSearchParams({
      selection: "filter",
      status: "confirmed",
      q: "  Ayesha ",
      returns: "1",
      whatsapp: "needs-call",
      source: "instagram",
      asOf: "2026-11-27T06:00:00.000Z",
      orderIds: A,
      page: "3",
      per: "50",
    });
    expect(readOrderSelection(url)).toEqual({
      kind: "filter",
      filter: {
        status: "confirmed",
        q: "Ayesha",
        returns: true,
        whatsapp: "needs-call",
        source: "instagram",
        asOf: new Date("2026-11-27T06:00:00.000Z"),
      },
    });
    const form = new FormData();
    form.append("intent", "bulk");
    form.append("to", "processing");
    form.append("orderIds", A);
    form.append("selection", "filter");
    form.append("status", "pending");
    form.append("photo", new Blob(["x"]), "x.txt");
    expect(readOrderSelection(form)).toEqual({
      kind: "filter",
      filter: { status: "pending", q: "", returns: false, whatsapp: null, source: null, asOf: null },
    });
  });

  it("treats unknown filter values as 'all' and an unreadable asOf as no cut-off", () => {
    expect(
      readOrderSelection(
        new URLSearchParams("selection=filter&status=lost&whatsapp=maybe&source=myspace&asOf=yesterday"),
      ),
    ).toEqual({
      kind: "filter",
      filter: { status: null, q: "", returns: false, whatsapp: null, source: null, asOf: null },
    });
    // Only selection=filter selects by filter.
    expect(readOrderSelection(new URLSearchParams("selection=all&status=confirmed")).kind).toBe("ids");
  });

  it("writes a selection back as the query that asks for it again", () => {
    expect(orderSelectionSearchParams({ kind: "ids", orderIds: [A, B] }).toString()).toBe(
      `orderIds=${A}&orderIds=${B}`,
    );
    const asOf = new Date("2026-11-27T06:00:00.000Z");
    expect(
      filterSelectionSearchParams({
        status: "confirmed",
        q: "Ali Raza",
        returns: false,
        whatsapp: null,
        source: "facebook",
        asOf,
      }).toString(),
    ).toBe("selection=filter&status=confirmed&q=Ali+Raza&source=facebook&asOf=2026-11-27T06%3A00%3A00.000Z");
    const round = readOrderSelection(
      orderSelectionSearchParams({
        kind: "filter",
        filter: { status: "pending", q: "", returns: true, whatsapp: "awaiting", source: "direct", asOf },
      }),
    );
    expect(round).toEqual({
      kind: "filter",
      filter: { status: "pending", q: "", returns: true, whatsapp: "awaiting", source: "direct", asOf },
    });
  });

  it("says how many match and what to do when a filter matches more than one selection takes", () => {
    expect(SELECTION_MAX).toBe(200);
    expect(tooManyMatchMessage(201, "book")).toBe("201 orders match: book at most 200 at a time; narrow the filter");
    expect(tooManyMatchMessage(230, "move")).toBe("230 orders match: move at most 200 at a time; narrow the filter");
    expect(tooManyMatchMessage(230, "print")).toBe(
      "230 orders match: print labels for at most 200 at a time; narrow the filter",
    );
  });
});
