/**
 * The built-in pages' default text: what a built-in page (a `pages` row with a `builtin` key and no
 * body) shows until the owner writes their own, and what "Restore the default text" brings back.
 * Markdown with {placeholders} (page-placeholders.ts) instead of figures, so the demo shop reads as
 * it always did and a changed setting changes every page.
 */
export const BUILTIN_PAGES = ["about", "returns", "shipping", "privacy", "terms", "faq"] as const;
export type BuiltinPage = (typeof BUILTIN_PAGES)[number];

export type DefaultPage = {
  /** The title the migration gives the row (meta title; the heading unless `heading` says otherwise). */
  title: string;
  /** The page's heading while its title is the default one. */
  heading?: string;
  /** Meta description while the body is the default text. */
  description: string;
  /** "Last updated ..." under the heading of the default text (none on the About page). */
  updated: string | null;
  body: string;
};

/** The built-in pages that kept the address they had before pages were data; the others live at /pages/{slug}. */
export const CLASSIC_PAGE_PATHS: Partial<Record<BuiltinPage, string>> = {
  about: "/about",
  returns: "/returns",
  privacy: "/privacy",
  terms: "/terms",
};

export function isBuiltinPage(key: string | null | undefined): key is BuiltinPage {
  return typeof key === "string" && (BUILTIN_PAGES as readonly string[]).includes(key);
}

/** Where a page is read by shoppers: its classic address for About, Returns, Privacy and Terms; /pages/{slug} for the rest. */
export function pagePath(page: { slug: string; builtin: string | null }): string {
  return (isBuiltinPage(page.builtin) && CLASSIC_PAGE_PATHS[page.builtin]) || `/pages/${page.slug}`;
}

const UPDATED = "November 2026";

export const DEFAULT_PAGES: Record<BuiltinPage, DefaultPage> = {
  about: {
    title: "About Us",
    heading: "About {brand_name}",
    description: "A {shop_city} clothing label making everyday basics for Pakistan, sold online with cash on delivery.",
    updated: null,
    body: `{brand_name} started in a small workshop in {shop_city} with one idea: everyday clothes should be well made, fairly priced and easy to buy from anywhere in Pakistan. We cut and stitch our tees, shirts, trousers and hoodies from fabrics chosen for our weather, and sell them directly to you.

You pay cash when your parcel arrives, and if something does not fit you have {return_window_days} days to return or exchange it. {shipping_headline}.

## What we care about

- **Fabric first.** Breathable cotton and linen for the summer, brushed fleece for northern winters.
- **Honest prices.** Prices in rupees with nothing added at the door beyond what checkout shows.
- **Real service.** A person answers every message within 24 hours, Monday to Saturday.
`,
  },
  returns: {
    title: "Returns & Exchanges",
    description: "Return or exchange unworn items within {return_window_days} days of delivery.",
    updated: UPDATED,
    body: `## {return_window_days}-day returns and exchanges

You can return or exchange any item within {return_window_days} days of the day it was delivered, as long as it is unworn, unwashed and has its tags attached.

## How to ask

- Sign in, open the order under My Orders and choose **Return or exchange**. Pick the items and how many, tell us why, and for each item choose your money back or another size or colour of the same product (only what is in stock is offered). You can add up to 3 photos.
- We approve your request or tell you why not. Each step shows on your order page and reaches you by e-mail.
- Ordered without an account? Write to {contact_email} or call {phone} with your order number.

## Exchanges

- Once we approve an exchange, we send the replacement as its own order (its number starts with EX-), and the courier collects the original at your door when it delivers the new one.
- Same price: nothing more to pay. If the new item costs more, you pay only the difference in cash on delivery. If it costs less, the difference goes to your store credit once the original is back.

## Refunds

- When the item is back and checked, we refund what you paid for it: as store credit, which you can spend at checkout straight away, or by JazzCash, Easypaisa or bank transfer within 5 working days.
- A cash-on-delivery order sent back before it was paid has nothing to refund.
- Store credit pays for part or all of a later order at checkout; whatever it does not cover is paid in cash on delivery.

## Refused parcels

If you refuse a cash-on-delivery parcel at the door, the order is marked as returned and nothing is charged.

## Shipping costs

{shipping_sentence} Shipping is not charged again for an exchange of a faulty or wrong item.

## Delivery times

Orders reach {shop_city} in {delivery_days_local} working days and the rest of Pakistan in {delivery_days_national} working days.
`,
  },
  shipping: {
    title: "Shipping & Delivery",
    description:
      "Delivery in {delivery_days_local} working days in {shop_city} and {delivery_days_national} elsewhere in Pakistan, cash on delivery.",
    updated: UPDATED,
    body: `## Delivery times

Orders reach {shop_city} in {delivery_days_local} working days and the rest of Pakistan in {delivery_days_national} working days, counted from the day after you order. Sunday is not a working day. Your order page shows the dates to expect.

## Shipping costs

{shipping_sentence}

## Cash on delivery

You pay the rider in cash when your parcel arrives. We call or WhatsApp you to confirm your order before it ships, so please keep your phone nearby.

## Tracking your order

Once your parcel is booked with the courier, your order page shows its tracking number and a link to follow it. You can also [track an order](/track) with its order number and the phone number you ordered with.

## Questions

Write to {contact_email} or call {phone}.
`,
  },
  privacy: {
    title: "Privacy Policy",
    description: "What we collect, why, and how we protect it.",
    updated: UPDATED,
    body: `{brand_name} sells clothing online in Pakistan. This page explains what personal information we keep and why.

## What we collect

- Your name, e-mail, phone number and delivery address, so we can deliver your order and call to confirm cash on delivery.
- Your order history, so you can follow your orders and return items.
- Messages you send us through the contact form, and e-mail addresses left for "notify me".

## What we do not do

- We never sell or rent your information.
- We do not take card payments, so we hold no card numbers.
- We do not use third-party advertising trackers.

## Who sees it

Our staff, to process orders, and the courier company, which receives your name, phone and address to deliver the parcel.

## Your choices

You can change your details or delete your account at any time. When an account is deleted we keep its orders for our accounts, with personal details removed.

## Contact

Questions about your data: {contact_email}.
`,
  },
  terms: {
    title: "Terms of Service",
    description: "The terms that apply when you order from us.",
    updated: UPDATED,
    body: `These terms apply to every order placed with {brand_name}. By placing an order you agree to them.

## Prices and payment

All prices are in Pakistani rupees (PKR) and include taxes. Payment is cash on delivery: you pay the rider when the parcel arrives. {shipping_sentence}

## Orders

After you order, we call or message you to confirm. We may cancel an order we cannot confirm, or one with an address we cannot deliver to. Stock is reserved when you place the order.

## Delivery

Delivery takes {delivery_days_local} working days within {shop_city} and {delivery_days_national} working days elsewhere in Pakistan. Delays caused by couriers, weather or public holidays can happen; we will keep you informed.

## Returns

You have {return_window_days} days after delivery to return or exchange an item. See [Returns & Exchanges](/returns).

## Contact

{shop_address}, {shop_city}. {phone}, {contact_email}.
`,
  },
  faq: {
    title: "Frequently Asked Questions",
    description: "Delivery, shipping, cash on delivery, returns, sizes and tracking: the answers.",
    updated: null,
    body: `## How long does delivery take?

Orders reach {shop_city} in {delivery_days_local} working days and the rest of Pakistan in {delivery_days_national} working days. Sunday is not a working day.

## How much is shipping?

{shipping_sentence}

## How do I pay?

Cash on delivery: pay the rider in cash when your parcel arrives. We call or WhatsApp you to confirm your order before it ships.

## Can I return or exchange an item?

Yes. Within {return_window_days} days of delivery you can return or exchange any unworn item with its tags on. See our Returns & Exchanges page.

## How do I find my size?

Every product page has a size guide with chest, length and waist measurements in inches. Between two sizes? Pick the larger one.

## Can I track my order?

Yes. Use the order number from your confirmation and the phone number you ordered with.
`,
  },
};
