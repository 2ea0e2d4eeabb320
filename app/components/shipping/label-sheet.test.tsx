import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LabelSheet, truncate, type ShippingLabel } from "./label-sheet";

/** A stand-in for code128Svg's markup (components may not import server files): the sheet inserts it as it is. */
const barcode = (text: string) =>
  `<svg viewBox="0 0 200 60" role="img" aria-label="${text}"><title>${text}</title><path stroke="#000000" stroke-width="2" d="M1 0L1 50"/></svg>`;

function label(n: number, overrides: Partial<ShippingLabel> = {}): ShippingLabel {
  const orderNumber = `KS-${10040 + n}`;
  const trackingNumber = `TCS${770000 + n}`;
  return {
    orderNumber,
    trackingNumber,
    courierName: "TCS",
    sender: { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" },
    consignee: {
      name: `Ayesha Khan ${n}`,
      phone: "+923214567890",
      address: "House 12, Street 4, DHA Phase 5",
      city: "Karachi",
    },
    codAmount: 4250 + n,
    pieces: 3,
    weightGrams: 1250,
    description: "2 x Lawn Kurta (M), 1 x Dupatta",
    exchangeFor: null,
    orderBarcodeSvg: barcode(orderNumber),
    trackingBarcodeSvg: barcode(trackingNumber),
    ...overrides,
  };
}

/** Each label's markup, in order. */
const labelBlocks = (html: string) => html.split('data-testid="shipping-label"').slice(1);
const pageBlocks = (html: string) => html.split('data-testid="label-page"').slice(1);
const render = (labels: ShippingLabel[], size: "a4" | "4x6" = "a4") =>
  renderToStaticMarkup(<LabelSheet labels={labels} size={size} />);

describe("LabelSheet", () => {
  it("draws one label per parcel with its COD amount, order number and barcodes", () => {
    const blocks = labelBlocks(render([label(1), label(2), label(3)]));
    expect(blocks).toHaveLength(3);
    blocks.forEach((block, i) => {
      const n = i + 1;
      expect(block).toContain(`Order KS-${10040 + n}`);
      expect(block).toMatch(new RegExp(`data-testid="label-cod".*PKR 4,25${n}<`));
      expect(block).toMatch(new RegExp(`data-testid="label-order-barcode"><svg [^>]*aria-label="KS-${10040 + n}"`));
      expect(block).toMatch(new RegExp(`data-testid="label-tracking-barcode"><svg [^>]*aria-label="TCS77000${n}"`));
      expect(block).toContain(`Ayesha Khan ${n}`);
      expect(block).toContain("0321 4567890"); // the consignee's phone as couriers read it
      expect(block).toContain(">Karachi<");
      expect(block).toContain("Pieces: <b>3</b>");
      expect(block).toContain("1.25 kg");
      expect(block).toContain("2 x Lawn Kurta (M), 1 x Dupatta");
      expect(block).toContain("From: Kapra");
      expect(block).toContain("0300 1112223");
    });
  });

  it("says an exchange's old item is to be collected, and that a Rs 0 difference means no cash", () => {
    const [exchange, plain] = labelBlocks(render([label(1, { exchangeFor: "ORD-123456", codAmount: 0 }), label(2)]));
    expect(exchange).toContain(">EXCHANGE: collect the old item (ORD-123456)<");
    expect(exchange).toContain("Exchange: do not collect any cash");
    expect(exchange).toContain("NO CASH");
    expect(plain).not.toContain("EXCHANGE");
    const [difference] = labelBlocks(render([label(1, { exchangeFor: "ORD-123456", codAmount: 300 })]));
    expect(difference).toContain("EXCHANGE: collect the old item (ORD-123456)");
    expect(difference).toMatch(/data-testid="label-cod".*PKR 300</);
  });

  it("puts four labels on each A4 page: 9 labels make 3 pages of 4, 4 and 1", () => {
    const html = render(Array.from({ length: 9 }, (_, i) => label(i)));
    const pages = pageBlocks(html);
    expect(pages.map((p) => labelBlocks(p).length)).toEqual([4, 4, 1]);
    expect(html).toContain('aria-label="Page 3 of 3"');
    expect(html).toContain('class="shl-page shl-a4"');
    expect(html).toContain("@page shl-a4 { size: A4 portrait; margin: 0; }");
    expect(pageBlocks(render(Array.from({ length: 50 }, (_, i) => label(i))))).toHaveLength(13);
  });

  it("prints one 4 x 6 inch label per page", () => {
    const html = render([label(1), label(2), label(3)], "4x6");
    const pages = pageBlocks(html);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(labelBlocks(page)).toHaveLength(1);
      expect(page).toContain(`Order KS-${10041 + i}`);
    });
    expect(html).toContain('class="shl-page shl-4x6"');
    expect(html).toContain("@page shl-4x6 { size: 4in 6in; margin: 0; }");
    expect(html).toContain(".shl-4x6 { page: shl-4x6;");
  });

  it("leaves the tracking barcode out until the courier has given a number", () => {
    const [block] = labelBlocks(render([label(1, { trackingNumber: null, trackingBarcodeSvg: null })]));
    expect(block).not.toContain("label-tracking-barcode");
    expect(block).toContain("Tracking number: not yet given by the courier");
    expect(block.match(/<svg /g)).toHaveLength(1); // the order's barcode only
  });

  it("says plainly that a paid parcel is collected for nothing", () => {
    const [block] = labelBlocks(render([label(1, { codAmount: 0 })]));
    expect(block).toMatch(/data-testid="label-cod".*do not collect any cash.*>PAID</);
    expect(block).not.toContain("PKR 0");
  });

  it("prints the COD amount in the largest type on the label", () => {
    const css = render([label(1)]);
    const sizes = [...css.matchAll(/\.(shl-[\w-]+)[^{]*\{[^}]*font-size: ([\d.]+)pt/g)].map((m) => ({
      cls: m[1],
      pt: Number(m[2]),
    }));
    const cod = sizes.find((s) => s.cls === "shl-cod-amount")!;
    expect(cod.pt).toBeGreaterThanOrEqual(24);
    expect(sizes.filter((s) => s !== cod).every((s) => s.pt < cod.pt)).toBe(true);
  });

  it("shortens a long description at a word", () => {
    const long = Array.from({ length: 12 }, (_, i) => `${i + 1} x Embroidered Lawn Suit (L)`).join(", ");
    const [block] = labelBlocks(render([label(1, { description: long })]));
    const shown = /class="shl-desc">([^<]*)</.exec(block)![1];
    expect(shown.length).toBeLessThanOrEqual(110);
    expect(shown).toMatch(/^1 x Embroidered Lawn Suit \(L\), 2 x .*\S…$/);
    expect(truncate("2 x Kurta", 110)).toBe("2 x Kurta");
  });

  it("puts its style in the document's head, where HTML allows it", () => {
    const html = renderToStaticMarkup(
      <html lang="en">
        <head>
          <title>Labels</title>
        </head>
        <body>
          <LabelSheet labels={[label(1)]} size="a4" />
        </body>
      </html>,
    );
    expect(html).toMatch(
      /^<html lang="en"><head><style data-precedence="default" data-href="shipping-label-sheet">[^<]*@page shl-a4/,
    );
    expect(html.indexOf("<style")).toBe(html.lastIndexOf("<style"));
  });

  it("says so when there is nothing to print", () => {
    expect(render([])).toContain("No labels to print.");
  });
});
