import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoadSheet, type LoadSheetParcel } from "./load-sheet";

const shop = { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" };
const parcels: LoadSheetParcel[] = [
  { orderNumber: "KS-10041", trackingNumber: "TCS770001", city: "Karachi", codAmount: 4250, weightGrams: 1250 },
  { orderNumber: "KS-10042", trackingNumber: null, city: "Multan", codAmount: 0, weightGrams: 500 },
  { orderNumber: "KS-10043", trackingNumber: "TCS770003", city: "Peshawar", codAmount: 12999, weightGrams: 2005 },
];
const render = (list = parcels, accountCode: string | null = "LHR-00417") =>
  renderToStaticMarkup(
    <LoadSheet shop={shop} courierName="TCS" accountCode={accountCode} date="25 Nov 2026" parcels={list} />,
  );

/** The markup of each row with this test id. */
const rows = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`<tr data-testid="${testId}">(.*?)</tr>`, "g"))].map((m) => m[1]);
/** The text of each cell of a row, tags removed. */
const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""));

describe("LoadSheet", () => {
  it("heads the sheet with the shop, courier, account code and date", () => {
    const html = render();
    expect(html).toContain("Load sheet: TCS");
    expect(html).toContain("Kapra");
    expect(html).toContain("0300 1112223");
    expect(html).toContain("<dt>Account</dt><dd>LHR-00417</dd>");
    expect(html).toContain("<dt>Date</dt><dd>25 Nov 2026</dd>");
    expect(render(parcels, null)).toContain("<dt>Account</dt><dd>—</dd>");
  });

  it("numbers one row per parcel with its order, tracking number, city, COD and weight", () => {
    expect(rows(render(), "load-sheet-row").map(cells)).toEqual([
      ["1", "KS-10041", "TCS770001", "Karachi", "PKR 4,250", "1.25 kg"],
      ["2", "KS-10042", "—", "Multan", "Paid", "0.50 kg"],
      ["3", "KS-10043", "TCS770003", "Peshawar", "PKR 12,999", "2.01 kg"],
    ]);
  });

  it("totals the parcels, the cash to collect and the weight", () => {
    expect(rows(render(), "load-sheet-totals").map(cells)).toEqual([["Total: 3 parcels", "PKR 17,249", "3.76 kg"]]);
    expect(render()).toContain("Received 3 parcels in good condition, with PKR 17,249 cash on delivery to collect.");
    expect(rows(render([parcels[0]]), "load-sheet-totals").map(cells)).toEqual([
      ["Total: 1 parcel", "PKR 4,250", "1.25 kg"],
    ]);
  });

  it("has lines for the rider's name, signature and time, and the shop's signature", () => {
    const html = render();
    for (const line of ["Rider&#x27;s name", "Rider&#x27;s signature", "Time of handover", "Shop&#x27;s signature"]) {
      expect(html).toContain(`<p class="lds-line">${line}<span></span></p>`);
    }
  });

  it("repeats the table's header on every printed page, not the totals", () => {
    const html = render(Array.from({ length: 60 }, (_, i) => ({ ...parcels[0], orderNumber: `KS-${i}` })));
    expect(rows(html, "load-sheet-row")).toHaveLength(60);
    expect(html).toContain(".lds thead { display: table-header-group; }");
    expect(html).toContain(".lds tfoot { display: table-row-group; }");
    expect(html).toContain("@page lds { size: A4 portrait;");
    expect(html).toContain('content: "Page " counter(page) " of " counter(pages)');
  });
});
