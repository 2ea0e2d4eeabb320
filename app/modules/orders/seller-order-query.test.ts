import { describe, expect, it } from "vitest";
import {
  parseOrderSearch,
  readOrdersPerPage,
  readSellerOrderQuery,
  sellerOrderSearchParams,
} from "./seller-order-query";

describe("the owner's order search", () => {
  it("reads an order number with or without ORD-, a phone in any spelling, or a name", () => {
    expect(parseOrderSearch("ORD-123456")).toEqual({ kind: "order-number", orderNumber: "ORD-123456" });
    expect(parseOrderSearch(" 123456 ")).toEqual({ kind: "order-number", orderNumber: "ORD-123456" });
    expect(parseOrderSearch("0300-1234567")).toEqual({ kind: "phone", phone: "+923001234567" });
    expect(parseOrderSearch("+92 300 1234567")).toEqual({ kind: "phone", phone: "+923001234567" });
    expect(parseOrderSearch("Ayesha")).toEqual({ kind: "name", pattern: "%Ayesha%" });
    expect(parseOrderSearch("50%_off")).toEqual({ kind: "name", pattern: "%50\\%\\_off%" });
    expect(parseOrderSearch("   ")).toEqual({ kind: "none" });
  });

  it("reads the URL safely and writes it back without empty values", () => {
    expect(readSellerOrderQuery(new URLSearchParams("status=shipped&q=Ali&page=3"))).toEqual({
      status: "shipped",
      q: "Ali",
      returns: false,
      whatsapp: null,
      source: null,
      page: 3,
      per: 20,
    });
    expect(readSellerOrderQuery(new URLSearchParams("status=lost&page=-2"))).toEqual({
      status: null,
      q: "",
      returns: false,
      whatsapp: null,
      source: null,
      page: 1,
      per: 20,
    });
    expect(readSellerOrderQuery(new URLSearchParams("page=abc"))).toMatchObject({ page: 1 });
    expect(sellerOrderSearchParams({ status: "pending", q: "0300 1234567", page: 2 })).toBe(
      "?status=pending&q=0300+1234567&page=2",
    );
    expect(sellerOrderSearchParams({ status: null, q: "", page: 1 })).toBe("");
  });

  it("reads and writes the 'With a return' filter", () => {
    expect(readSellerOrderQuery(new URLSearchParams("returns=1")).returns).toBe(true);
    expect(readSellerOrderQuery(new URLSearchParams("returns=on")).returns).toBe(true);
    expect(readSellerOrderQuery(new URLSearchParams("returns=0")).returns).toBe(false);
    expect(sellerOrderSearchParams({ status: "delivered", returns: true })).toBe("?status=delivered&returns=1");
    expect(sellerOrderSearchParams({ returns: false })).toBe("");
    // The WhatsApp filters (issue 32): only the two known values.
    expect(readSellerOrderQuery(new URLSearchParams("whatsapp=needs-call")).whatsapp).toBe("needs-call");
    expect(readSellerOrderQuery(new URLSearchParams("whatsapp=awaiting")).whatsapp).toBe("awaiting");
    expect(readSellerOrderQuery(new URLSearchParams("whatsapp=anything")).whatsapp).toBeNull();
    expect(sellerOrderSearchParams({ status: null, whatsapp: "needs-call", page: 2 })).toBe(
      "?whatsapp=needs-call&page=2",
    );
    // Where the buyer first came from (issue 44): one of ORDER_SOURCES, anything else no filter.
    expect(readSellerOrderQuery(new URLSearchParams("source=instagram")).source).toBe("instagram");
    expect(readSellerOrderQuery(new URLSearchParams("source=direct")).source).toBe("direct");
    expect(readSellerOrderQuery(new URLSearchParams("source=Instagram")).source).toBeNull();
    expect(readSellerOrderQuery(new URLSearchParams("source=myspace")).source).toBeNull();
    expect(sellerOrderSearchParams({ status: "delivered", source: "whatsapp" })).toBe(
      "?status=delivered&source=whatsapp",
    );
  });

  it("reads 20, 50, 100 or 200 orders a page; anything else is 20, and 20 is left out of links", () => {
    for (const per of [20, 50, 100, 200] as const) {
      expect(readOrdersPerPage(String(per))).toBe(per);
      expect(readSellerOrderQuery(new URLSearchParams(`status=confirmed&per=${per}`))).toMatchObject({
        status: "confirmed",
        per,
      });
    }
    for (const other of ["25", "0", "-50", "201", "1000", "all", "50.5", " 50x", "", null])
      expect(readOrdersPerPage(other)).toBe(20);
    expect(readSellerOrderQuery(new URLSearchParams("")).per).toBe(20);
    expect(sellerOrderSearchParams({ status: "confirmed", page: 2, per: 50 })).toBe("?status=confirmed&page=2&per=50");
    expect(sellerOrderSearchParams({ status: "confirmed", per: 20 })).toBe("?status=confirmed");
    expect(sellerOrderSearchParams({ per: 200 })).toBe("?per=200");
  });
});
