import { SHOP_UTC_OFFSET_MS } from "~/lib/shop-time";
import type { FeedProduct, FeedVariant } from "~/modules/catalog/feed-products";
import { mediaUrl } from "~/modules/media/image-url";
import { metaContentId } from "./meta-content-id";

/**
 * The Meta catalogue feed (issue 44, GET /feeds/meta.csv): one row per variant, in the columns of
 * Meta's product feed specification, as CSV with a header row (UTF-8, RFC 4180 quoting). A pure
 * rule over the catalogue's feed products (modules/catalog/feed-products.ts), the shop's origin and
 * its brand name, so it is tested without a database.
 */

export const META_FEED_COLUMNS = [
  "id",
  "item_group_id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "sale_price_effective_date",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "color",
  "size",
  "product_type",
  "google_product_category",
  "fb_product_category",
  "quantity_to_sell_on_facebook",
] as const;

export type MetaFeedColumn = (typeof META_FEED_COLUMNS)[number];
export type MetaFeedRow = Record<MetaFeedColumn, string>;

/** Meta's limits: a title of at most 200 characters (150 recommended, kept here), a description of 9999. */
export const META_TITLE_MAX = 150;
export const META_DESCRIPTION_MAX = 9999;
/** Meta takes up to 20 additional images an item. */
export const META_ADDITIONAL_IMAGES_MAX = 20;
const CURRENCY = "PKR";

/** "2499.00 PKR": a whole-rupee amount as Meta's price (a number with two decimals, a space, ISO 4217). */
export function metaPrice(rupees: number): string {
  return `${rupees.toFixed(2)} ${CURRENCY}`;
}

/** Shop time with its offset as ISO 8601 wants it: "2026-12-01T00:00+0500". */
function isoShopTime(instant: Date): string {
  const local = new Date(instant.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16);
  const minutes = Math.round(SHOP_UTC_OFFSET_MS / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** A sale's window as Meta's sale_price_effective_date: start and end in ISO 8601, joined by "/". */
export function metaSaleWindow(startsAt: Date, endsAt: Date): string {
  return `${isoShopTime(startsAt)}/${isoShopTime(endsAt)}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text, as Meta asks: no HTML tags or entities, no Markdown marks, no control characters, one line. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 31 && code < 0x110000 ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/(\*\*|__|\*|`)/g, "")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters, cut at a word where one is near. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.7 ? cut.slice(0, space) : cut).trim();
}

/** The product page with this variant's colour and size chosen. */
export function metaVariantLink(
  origin: string,
  productId: string,
  variant: Pick<FeedVariant, "color" | "size">,
): string {
  const query = new URLSearchParams({ color: variant.color, size: variant.size });
  return `${origin}/product/${encodeURIComponent(productId)}?${query}`;
}

/** The variant's photos, its colour's own first, as absolute URLs of their largest renditions. */
function imageLinks(origin: string, product: FeedProduct, color: string): string[] {
  const own = product.images.filter((i) => i.color === color);
  const rest = product.images.filter((i) => i.color !== color);
  return [...new Set([...own, ...rest].map((i) => `${origin}${mediaUrl(i.key)}`))];
}

/**
 * Every variant of the products as a feed row. A product that is not on sale (a draft, coming
 * soon) is listed out of stock with nothing to sell; a product without any photo is left out, as
 * Meta refuses an item without image_link.
 */
export function metaFeedRows(products: readonly FeedProduct[], shop: { origin: string; brand: string }): MetaFeedRow[] {
  const rows: MetaFeedRow[] = [];
  for (const product of products) {
    if (product.images.length === 0) continue;
    const title = clip(plainText(product.name), META_TITLE_MAX);
    const description = clip(plainText(product.description) || title, META_DESCRIPTION_MAX);
    const forSale = product.status === "active";
    const regular =
      product.originalPrice !== null && product.originalPrice > product.price ? product.originalPrice : product.price;
    const discounted = regular > product.price;
    for (const variant of product.variants) {
      const [image, ...more] = imageLinks(shop.origin, product, variant.color);
      const quantity = forSale ? Math.max(0, variant.stock) : 0;
      rows.push({
        id: metaContentId(variant.id),
        item_group_id: product.id,
        title,
        description,
        availability: quantity > 0 ? "in stock" : "out of stock",
        condition: "new",
        price: metaPrice(regular),
        sale_price: discounted ? metaPrice(product.price) : "",
        sale_price_effective_date:
          discounted && product.sale ? metaSaleWindow(product.sale.startsAt, product.sale.endsAt) : "",
        link: metaVariantLink(shop.origin, product.id, variant),
        image_link: image,
        additional_image_link: more.slice(0, META_ADDITIONAL_IMAGES_MAX).join(","),
        brand: plainText(shop.brand),
        color: plainText(variant.color),
        size: plainText(variant.size),
        product_type: plainText(product.categoryName),
        google_product_category: product.googleProductCategory ?? "",
        fb_product_category: product.fbProductCategory ?? "",
        quantity_to_sell_on_facebook: String(quantity),
      });
    }
  }
  return rows;
}

/** One CSV cell: quoted when it holds a comma, a quote, a line break or edge spaces; quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The feed as CSV text: the header row, then a row per variant, each line ending in "\n". */
export function metaFeedCsv(rows: readonly MetaFeedRow[]): string {
  const lines = [META_FEED_COLUMNS.join(",")];
  for (const row of rows) lines.push(META_FEED_COLUMNS.map((column) => csvCell(row[column])).join(","));
  return `${lines.join("\n")}\n`;
}
