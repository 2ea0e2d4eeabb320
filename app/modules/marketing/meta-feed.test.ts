import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { FeedProduct } from "~/modules/catalog/feed-products";
import { feedSettingsSchema, metaFeedUrl } from "./feed-settings-form";
import {
  clip,
  csvCell,
  META_FEED_COLUMNS,
  metaFeedCsv,
  metaFeedRows,
  metaPrice,
  metaSaleWindow,
  plainText,
} from "./meta-feed";

const SHOP = { origin: "https://kapra.pk", brand: "Kapra" };

const product = (over: Partial<FeedProduct> = {}): FeedProduct => ({
  id: "lawn-suit",
  name: 'Lawn Suit, 3-piece "Eid"',
  description: "<p>Soft <b>lawn</b> &amp; chiffon.</p>\n\n**Unstitched**",
  status: "active",
  categoryName: "Lawn",
  categoryHidden: false,
  googleProductCategory: "2271",
  fbProductCategory: "Clothing & Accessories > Clothing > Women's Clothing",
  price: 2499,
  originalPrice: null,
  sale: null,
  variants: [
    { id: 11, color: "Black", size: "M", stock: 4, sku: "LS-BLK-M" },
    { id: 12, color: "Sky Blue", size: "L", stock: 0, sku: "LS-SKY-L" },
  ],
  images: [
    { color: "Sky Blue", key: "a".repeat(32), width: 960 },
    { color: "Black", key: "b".repeat(32), width: 960 },
    { color: null, key: "c".repeat(32), width: 960 },
  ],
  ...over,
});

/** The CSV read back by a real parser, as objects by header. */
const readBack = (csv: string) => parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe("the Meta catalogue feed's rows and CSV", () => {
  it("writes prices as Meta's '2499.00 PKR'", () => {
    expect(metaPrice(2499)).toBe("2499.00 PKR");
    expect(metaPrice(120000)).toBe("120000.00 PKR");
  });

  it("writes a sale's window as two ISO 8601 times in shop time with their offset, joined by a slash", () => {
    const window = metaSaleWindow(new Date("2026-11-30T19:00:00Z"), new Date("2026-12-07T18:59:00Z"));
    expect(window).toBe("2026-12-01T00:00+0500/2026-12-07T23:59+0500");
    expect(window).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d{4}\/\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d{4}$/);
  });

  it("quotes cells with commas, quotes, line breaks and edge spaces, and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" edge")).toBe('" edge"');
    expect(csvCell("اردو")).toBe("اردو");
  });

  it("turns markup into one line of plain text and clips long text at a word", () => {
    expect(plainText("<p>Soft <b>lawn</b> &amp; chiffon.</p>\n\n**Unstitched** &#8212; &quot;3&quot;")).toBe(
      'Soft lawn & chiffon. Unstitched \u2014 "3"',
    );
    expect(plainText("# Heading\n- one\n- two")).toBe("Heading one two");
    const long = "word ".repeat(60).trim();
    expect(clip(long, 150).length).toBeLessThanOrEqual(150);
    expect(clip(long, 150).endsWith("word")).toBe(true);
  });

  it("makes one row per variant with Meta's columns, the header first, read back by a CSV parser", () => {
    const csv = metaFeedCsv(metaFeedRows([product()], SHOP));
    expect(csv.split("\n")[0]).toBe(META_FEED_COLUMNS.join(","));
    const rows = readBack(csv);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: "11",
      item_group_id: "lawn-suit",
      title: 'Lawn Suit, 3-piece "Eid"',
      description: "Soft lawn & chiffon. Unstitched",
      availability: "in stock",
      condition: "new",
      price: "2499.00 PKR",
      sale_price: "",
      sale_price_effective_date: "",
      link: "https://kapra.pk/product/lawn-suit?color=Black&size=M",
      // The variant's colour's photo first; the others after it, comma-separated.
      image_link: `https://kapra.pk/media/${"b".repeat(32)}.webp`,
      additional_image_link: `https://kapra.pk/media/${"a".repeat(32)}.webp,https://kapra.pk/media/${"c".repeat(32)}.webp`,
      brand: "Kapra",
      color: "Black",
      size: "M",
      product_type: "Lawn",
      google_product_category: "2271",
      fb_product_category: "Clothing & Accessories > Clothing > Women's Clothing",
      quantity_to_sell_on_facebook: "4",
    });
    expect(rows[1]).toMatchObject({
      id: "12",
      availability: "out of stock",
      quantity_to_sell_on_facebook: "0",
      link: "https://kapra.pk/product/lawn-suit?color=Sky+Blue&size=L",
      image_link: `https://kapra.pk/media/${"a".repeat(32)}.webp`,
    });
  });

  it("gives the regular price and the sale price, with the window of a scheduled sale", () => {
    const startsAt = new Date("2026-11-30T19:00:00Z");
    const endsAt = new Date("2026-12-07T19:00:00Z");
    const [onSale] = metaFeedRows([product({ price: 1999, originalPrice: 2499, sale: { startsAt, endsAt } })], SHOP);
    expect(onSale).toMatchObject({
      price: "2499.00 PKR",
      sale_price: "1999.00 PKR",
      sale_price_effective_date: "2026-12-01T00:00+0500/2026-12-08T00:00+0500",
    });
    // A compare-at price alone (no scheduled sale): a sale price with no end.
    const [compareAt] = metaFeedRows([product({ price: 1999, originalPrice: 2499 })], SHOP);
    expect(compareAt).toMatchObject({ price: "2499.00 PKR", sale_price: "1999.00 PKR", sale_price_effective_date: "" });
  });

  it("lists drafts and coming-soon products out of stock with nothing to sell, and leaves out a product without photos", () => {
    const rows = metaFeedRows(
      [
        product({ status: "coming-soon" }),
        product({ id: "draft", status: "draft" }),
        product({ id: "bare", images: [] }),
      ],
      SHOP,
    );
    expect(rows.map((r) => [r.item_group_id, r.availability, r.quantity_to_sell_on_facebook])).toEqual([
      ["lawn-suit", "out of stock", "0"],
      ["lawn-suit", "out of stock", "0"],
      ["draft", "out of stock", "0"],
      ["draft", "out of stock", "0"],
    ]);
  });

  it("keeps a title to 150 characters and a description to 9999, falling back to the title", () => {
    const [row] = metaFeedRows([product({ name: "Kurta ".repeat(60), description: "x".repeat(20_000) })], SHOP);
    expect(row.title.length).toBeLessThanOrEqual(150);
    expect(row.description.length).toBe(9999);
    const [bare] = metaFeedRows([product({ description: "  " })], SHOP);
    expect(bare.description).toBe(bare.title);
  });

  it("formats 5,000 variants in well under a second", () => {
    const many = Array.from({ length: 500 }, (_, p) =>
      product({
        id: `p-${p}`,
        description: "Soft lawn, printed front, dyed trousers. ".repeat(20),
        variants: Array.from({ length: 10 }, (_, v) => ({
          id: p * 10 + v,
          color: v % 2 ? "Black" : "Sky Blue",
          size: `S${v}`,
          stock: v,
          sku: `P${p}-${v}`,
        })),
      }),
    );
    const started = performance.now();
    const csv = metaFeedCsv(metaFeedRows(many, SHOP));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readBack(csv)).toHaveLength(5000);
  });
});

describe("the feed settings form", () => {
  it("reads the ticked boxes and the new-token button", () => {
    expect(feedSettingsSchema.parse({ intent: "save-feed", feedTokenOn: "on", includeComingSoon: "on" })).toEqual({
      intent: "save-feed",
      tokenOn: true,
      includeHidden: false,
      includeDrafts: false,
      includeComingSoon: true,
    });
    expect(feedSettingsSchema.parse({ intent: "regenerate-feed-token" })).toEqual({ intent: "regenerate-feed-token" });
    expect(feedSettingsSchema.safeParse({ intent: "other" }).success).toBe(false);
  });

  it("gives the URL to paste into Commerce Manager, with the token when one is asked for", () => {
    expect(metaFeedUrl("https://kapra.pk", null)).toBe("https://kapra.pk/feeds/meta.csv");
    expect(metaFeedUrl("https://kapra.pk/", "ab_c-9")).toBe("https://kapra.pk/feeds/meta.csv?token=ab_c-9");
  });
});
