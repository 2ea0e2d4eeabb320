import { describe, expect, it } from "vitest";
import { customerQueryString, parseCustomerSearch, readCustomerQuery } from "./customer-query";

const read = (text: string) => readCustomerQuery(new URLSearchParams(text));

describe("the Customers list's URL", () => {
  it("reads a phone in any spelling as one number, a part of one by its start, an e-mail, else text", () => {
    for (const typed of ["0300 1234567", "+92 300 1234567", "923001234567", "0092 300-1234567"]) {
      expect(parseCustomerSearch(typed), typed).toEqual({ kind: "phone", phone: "+923001234567" });
    }
    expect(parseCustomerSearch("3001234567")).toEqual({ kind: "phone-prefix", prefix: "+923001234567" });
    expect(parseCustomerSearch("0300 12")).toEqual({ kind: "phone-prefix", prefix: "+9230012" });
    expect(parseCustomerSearch("+92 321")).toEqual({ kind: "phone-prefix", prefix: "+92321" });
    expect(parseCustomerSearch("Ayesha@Mail")).toEqual({ kind: "email", pattern: "%ayesha@mail%" });
    expect(parseCustomerSearch("50%_off")).toEqual({ kind: "text", pattern: "%50\\%\\_off%" });
    expect(parseCustomerSearch("  ")).toEqual({ kind: "none" });
  });

  it("keeps good values, names each refused one by its field, and falls back for sort, direction and page", () => {
    const { query, errors } = read(
      "q=+ali+&city=Lahore&ordersMin=2&valueMin=5,000&rateBelow=101&deliveredMax=-1&lastFrom=2026-02-30&lastTo=2026-01-31&sort=bogus&dir=up&page=-3",
    );
    expect(query).toMatchObject({
      q: "ali",
      city: "Lahore",
      ordersMin: 2,
      valueMin: 5000,
      rateBelow: null,
      deliveredMax: null,
      lastFrom: null,
      lastTo: "2026-01-31",
      sort: "lastOrder",
      dir: "desc",
      page: 1,
    });
    expect(Object.keys(errors).sort()).toEqual(["deliveredMax", "lastFrom", "rateBelow"]);
    expect(errors.rateBelow).toBe("Enter a percentage from 0 to 100, e.g. 50");
    expect(errors.deliveredMax).toBe("Enter a whole number of parcels, e.g. 5");
    expect(errors.lastFrom).toBe("Enter a date, e.g. 2026-01-31");
    expect(read("ordersMin=x").errors).toEqual({ ordersMin: "Enter a whole number of orders, e.g. 2" });
    expect(read("lastFrom=2026-03-01&lastTo=2026-02-01").errors).toEqual({
      lastTo: "The end date comes before the start date",
    });
    expect(read("sort=name").query.dir).toBe("asc");
    expect(read(`q=${"x".repeat(101)}`).errors.q).toMatch(/100 characters/);
  });

  it("writes the canonical query a segment saves: fixed order, defaults and page left out", () => {
    expect(customerQueryString(read("page=3&sort=lastOrder&dir=desc").query, { page: false })).toBe("");
    expect(customerQueryString(read("sort=name&dir=asc&tag=VIP&city=Lahore&ordersMin=2&page=2").query)).toBe(
      "city=Lahore&tag=VIP&ordersMin=2&sort=name&page=2",
    );
    expect(customerQueryString(read("sort=orders&dir=asc&rateAbove=0").query, { page: false })).toBe(
      "rateAbove=0&sort=orders&dir=asc",
    );
  });
});
