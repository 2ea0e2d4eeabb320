import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auth from "~/routes/account/auth";
import * as buyerDashboard from "~/routes/account/orders";
import * as buyerDashboardProfile from "~/routes/account/profile";
import * as buyerDashboardSettings from "~/routes/account/settings";
import * as buyerDashboardWishlist from "~/routes/account/wishlist";
import * as buyerLayout from "~/routes/account/layout";
import * as cart from "~/routes/storefront/cart";
import * as checkout from "~/routes/storefront/checkout";
import * as comingSoon from "~/routes/storefront/coming-soon";
import * as contact from "~/routes/storefront/contact";
import * as notifyUnsubscribe from "~/routes/storefront/notify-unsubscribe";
import * as orderReturn from "~/routes/account/order-return";
import * as product from "~/routes/storefront/product";
import * as products from "~/routes/storefront/products";
import * as sellerCatalogue from "~/routes/seller/catalogue/catalogue";
import * as sellerCatalogueCategory from "~/routes/seller/catalogue/category";
import * as sellerEmailLogs from "~/routes/seller/messages/email-logs";
import * as sellerSettingsWhatsapp from "~/routes/seller/settings/whatsapp";
import * as sellerInbox from "~/routes/seller/messages/inbox";
import * as sellerOrders from "~/routes/seller/orders/orders";
import * as sellerOrdersNew from "~/routes/seller/orders/new";
import * as sellerReturn from "~/routes/seller/returns/return";
import * as sellerReturns from "~/routes/seller/returns/returns";
import * as sellerProductForm from "~/routes/seller/products/product-form";
import * as sellerProducts from "~/routes/seller/products/products";
import * as sellerProductsCosts from "~/routes/seller/products/costs";
import * as sellerReviews from "~/routes/seller/reviews";
import * as sellerSettings from "~/routes/seller/settings/settings";
import * as sellerTeam from "~/routes/seller/settings/team";
import * as track from "~/routes/storefront/track";
import * as wishlist from "~/routes/storefront/wishlist";
import {
  buildRequest,
  call,
  expectNoPollution,
  formBody,
  fuzzParams,
  openFuzzShop,
  snapshot,
  type FuzzShop,
  type Who,
} from "./fuzz-shop";
import { hostileForm, hostileId, hostileQuery } from "./hostile-values";

type Route = Parameters<typeof call>[1];
type FormRoute = {
  name: string;
  who: Who;
  fn: Route;
  path: string;
  fields: readonly string[];
  intents?: readonly string[];
  params?: (shop: FuzzShop, id: string) => Record<string, string>;
  /** Fields that hold the id of one of the shop's records (so the refusal is about the other fields). */
  idFields?: Partial<Record<string, (shop: FuzzShop) => string>>;
};

const SHIPPING = [
  "fullName",
  "email",
  "phone",
  "city",
  "cityOther",
  "address",
  "postalCode",
  "paymentMethod",
  "idempotencyKey",
  "cartVersion",
] as const;
const PRODUCT_FORM = [
  "name",
  "category",
  "description",
  "price",
  "originalPrice",
  "stock",
  "colors",
  "sizes",
  "status",
  "launchAt",
  "features",
  "tags",
  "image",
  "grid:Black:M",
  "photoIndex",
  "color",
  "size",
] as const;

const CATEGORY_FORM = [
  "name",
  "slug",
  "description",
  "hidden",
  "comingSoon",
  "launchLabel",
  "launchAt",
  "removeImage",
  "pendingImage",
  "moveTo",
] as const;

/** Every form action of the shop (SPEC.md's forms), as the visitor it is meant for. */
const FORMS: FormRoute[] = [
  {
    name: "sign in / sign up",
    who: "guest",
    fn: auth.action,
    path: "/auth?mode=signup",
    fields: ["mode", "name", "email", "password", "confirmPassword", "redirectTo"],
    intents: ["signup", "login"],
  },
  {
    name: "cart buttons and Place Order",
    who: "buyer",
    fn: cart.action,
    path: "/cart",
    fields: ["productId", "color", "size", "quantity", "itemId", ...SHIPPING],
    intents: ["add", "update", "remove", "checkout"],
    idFields: { itemId: (s) => s.ids.cartItem, productId: (s) => s.ids.product },
  },
  {
    name: "checkout",
    who: "buyer",
    fn: checkout.action,
    path: "/checkout",
    fields: [...SHIPPING, "useStoreCredit", "storeCreditSeen"],
    intents: ["checkout"],
  },
  {
    name: "contact",
    who: "guest",
    fn: contact.action,
    path: "/contact",
    fields: ["name", "email", "subject", "message", "website", "startedAt"],
  },
  { name: "track", who: "guest", fn: track.action, path: "/track", fields: ["orderNumber", "phone"] },
  {
    name: "notify me (listing)",
    who: "guest",
    fn: products.action,
    path: "/products",
    fields: ["email", "target", "name"],
  },
  {
    name: "notify me (coming soon)",
    who: "guest",
    fn: comingSoon.action,
    path: "/coming-soon/jackets",
    fields: ["email", "name"],
    params: () => ({ category: "jackets" }),
  },
  {
    name: "product page: add, buy, review, notify",
    who: "buyer",
    fn: product.action,
    path: "/product/ID",
    fields: ["color", "size", "quantity", "rating", "comment", "email"],
    intents: ["add", "buy", "review", "notify"],
    params: (s, id) => ({ id: id === "real" ? s.ids.product : id }),
  },
  {
    name: "return or exchange",
    who: "buyer",
    fn: orderReturn.action,
    path: "/orders/ID/return",
    fields: ["quantity.1", "kind.1", "exchange.1", "reason", "reasonText", "photos"],
    params: (s, id) => ({ id: id === "real" ? s.ids.order : id }),
  },
  {
    name: "wishlist",
    who: "buyer",
    fn: wishlist.action,
    path: "/wishlist",
    fields: ["productId", "saved", "redirectTo"],
  },
  {
    name: "Notify Me unsubscribe",
    who: "guest",
    fn: notifyUnsubscribe.action,
    path: "/notify/unsubscribe",
    fields: ["token"],
  },
  {
    name: "buyer dashboard: My Orders",
    who: "buyer",
    fn: buyerDashboard.action,
    path: "/buyer-dashboard",
    fields: [
      "orderId",
      "productId",
      "name",
      "phone",
      "city",
      "address",
      "postalCode",
      "currentPassword",
      "newPassword",
      "confirmPassword",
      "password",
      "orderEmails",
      "marketingEmails",
      "smsUpdates",
    ],
    intents: ["cancel", "unsave", "profile", "settings", "password", "delete-account"],
  },
  {
    name: "buyer dashboard: Wishlist",
    who: "buyer",
    fn: buyerDashboardWishlist.action,
    path: "/buyer-dashboard/wishlist",
    fields: ["productId"],
    intents: ["unsave", "cancel"],
  },
  {
    name: "buyer dashboard: Profile",
    who: "buyer",
    fn: buyerDashboardProfile.action,
    path: "/buyer-dashboard/profile",
    fields: ["name", "phone", "city", "cityOther", "address", "postalCode"],
    intents: ["profile", "settings"],
  },
  {
    name: "buyer dashboard: Settings",
    who: "buyer",
    fn: buyerDashboardSettings.action,
    path: "/buyer-dashboard/settings",
    fields: [
      "currentPassword",
      "newPassword",
      "confirmPassword",
      "password",
      "confirm",
      "orderEmails",
      "marketingEmails",
      "smsUpdates",
    ],
    intents: ["settings", "password", "delete-account", "profile"],
  },
  {
    name: "owner product form (new)",
    who: "seller",
    fn: sellerProductForm.action,
    path: "/seller/products/new",
    fields: PRODUCT_FORM,
    intents: ["publish", "draft", "add-color", "remove-photo", "move-photo", "upload", "toggle-color", "toggle-size"],
  },
  {
    name: "owner product form (edit)",
    who: "seller",
    fn: sellerProductForm.action,
    path: "/seller/products/ID/edit",
    fields: PRODUCT_FORM,
    intents: ["publish", "draft"],
    params: (s, id) => ({ id: id === "real" ? s.ids.product : id }),
  },
  {
    name: "owner import costs (Apply names a kept file)",
    who: "seller",
    fn: sellerProductsCosts.action,
    path: "/seller/products/costs",
    fields: ["uploadId", "file", "rows"],
    intents: ["preview", "apply"],
  },
  {
    name: "owner products list",
    who: "seller",
    fn: sellerProducts.action,
    path: "/seller/products",
    fields: ["id", "returnTo"],
    intents: ["delete", "activate", "deactivate", "restore"],
  },
  {
    name: "owner orders",
    who: "seller",
    fn: sellerOrders.action,
    path: "/seller/orders",
    fields: ["orderId", "orderIds", "status", "to", "selection", "q", "asOf", "courierName", "trackingNumber"],
    intents: ["status", "bulk"],
    idFields: { orderId: (s) => s.ids.order },
  },
  {
    name: "owner return request",
    who: "seller",
    fn: sellerReturn.action,
    path: "/seller/returns/ID",
    fields: ["reason", "itemIds", "conditions.1", "method", "amount", "reference"],
    intents: ["approve", "reject", "receive", "refund"],
    params: (_s, id) => ({ id }),
  },
  {
    name: "owner new order",
    who: "seller",
    fn: sellerOrdersNew.action,
    path: "/seller/orders/new",
    fields: [
      "channel",
      "fullName",
      "email",
      "phone",
      "city",
      "address",
      "postalCode",
      "idempotencyKey",
      "product",
      "variant",
      "quantity",
      "items",
    ],
  },
  {
    name: "owner settings",
    who: "seller",
    fn: sellerSettings.action,
    path: "/seller/settings",
    fields: [
      "brandName",
      "contactEmail",
      "phone",
      "address",
      "city",
      "instagram",
      "happyCustomers",
      "yearsInBusiness",
      "productsSold",
      "averageRating",
      "shippingFee",
      "freeShippingThreshold",
      "maxCodOrderValue",
      "blockedPhones",
      "notificationEmails",
    ],
    intents: ["settings", "password", "test-email"],
  },
  {
    name: "owner team",
    who: "seller",
    fn: sellerTeam.action,
    path: "/seller/team",
    fields: ["email", "userId", "orderNotices"],
    intents: ["grant", "revoke"],
  },
  {
    name: "owner inbox",
    who: "seller",
    fn: sellerInbox.action,
    path: "/seller/inbox",
    fields: ["id"],
    intents: ["mark-handled", "mark-unhandled"],
    idFields: { id: (s) => s.ids.message },
  },
  {
    name: "owner reviews",
    who: "seller",
    fn: sellerReviews.action,
    path: "/seller/reviews",
    fields: ["id"],
    intents: ["hide", "show"],
  },
  {
    name: "owner e-mail logs",
    who: "seller",
    fn: sellerEmailLogs.action,
    path: "/seller/email-logs",
    fields: ["id", "to"],
    intents: ["resend"],
  },
  {
    name: "owner WhatsApp settings",
    who: "seller",
    fn: sellerSettingsWhatsapp.action,
    path: "/seller/settings/whatsapp",
    fields: [
      "phoneNumberId",
      "accessToken",
      "appSecret",
      "verifyToken",
      "confirmationTemplate",
      "shippedTemplate",
      "deliveredTemplate",
      "language",
      "languageOther",
      "sendDelayMinutes",
      "needsCallHours",
      "to",
    ],
    intents: ["save", "test"],
  },
  {
    name: "owner categories list",
    who: "seller",
    fn: sellerCatalogue.action,
    path: "/seller/catalogue",
    fields: ["slug"],
    intents: ["move-up", "move-down", "hide", "show", "delete", "move-products"],
  },
  {
    name: "owner category form (new)",
    who: "seller",
    fn: sellerCatalogueCategory.action,
    path: "/seller/catalogue/categories/new",
    fields: CATEGORY_FORM,
    intents: ["save"],
  },
  {
    name: "owner category form (edit)",
    who: "seller",
    fn: sellerCatalogueCategory.action,
    path: "/seller/catalogue/categories/ID",
    fields: CATEGORY_FORM,
    intents: ["save", "delete", "move-products", "hide", "show"],
    params: (_s, id) => ({ slug: id === "real" ? "shirts" : id }),
  },
];

/**
 * Property-based fuzzing of every form action with hostile fields (fast-check, on PGlite): never a
 * 5xx (an action that throws is what React Router answers with a 500), and a refusal (4xx, or a
 * form shown again with its error) changes nothing in the database.
 */
describe("fuzzing the form actions", () => {
  let shop: FuzzShop;
  beforeAll(async () => {
    shop = await openFuzzShop("pglite");
  }, 300_000);
  afterAll(async () => shop?.database.destroy());

  for (const route of FORMS) {
    it(`${route.name}: hostile forms never give a 5xx, and a refusal changes nothing`, async () => {
      const intent: Record<string, fc.Arbitrary<string>> = route.intents
        ? {
            intent: fc.oneof(
              fc.constantFrom(...route.intents),
              fc.constantFrom("", "__proto__", "delete", "x".repeat(5_000)),
            ),
          }
        : {};
      const realIds = fc.subarray(Object.keys(route.idFields ?? {}));
      await fc.assert(
        fc.asyncProperty(
          hostileForm(route.fields, intent),
          realIds,
          fc.oneof(hostileId, fc.constant("real")),
          async (entries, useReal, id) => {
            const fields = [
              ...entries.filter(([k]) => !useReal.includes(k)),
              ...useReal.map((k) => [k, route.idFields![k]!(shop)] as [string, string]),
            ];
            const path = route.path.replace("ID", encodeURIComponent(id === "real" ? shop.ids.product : id));
            const before = await snapshot(shop);
            const answer = await call(
              shop,
              route.fn,
              buildRequest(shop, route.who, path, {
                body: formBody(fields),
                contentType: "application/x-www-form-urlencoded",
              }),
              route.params?.(shop, id) ?? {},
            );
            const label = `${route.name} ${JSON.stringify(fields).slice(0, 300)}`;
            expect(answer.status, label).toBeLessThan(500);
            if (answer.refused) expect(await snapshot(shop), label).toEqual(before);
            expectNoPollution();
          },
        ),
        fuzzParams(),
      );
    });
  }

  it("page loaders never give a 5xx to hostile queries and ids", async () => {
    const pages: { fn: Route; path: string; who: Who; params: readonly string[]; id?: string }[] = [
      {
        fn: products.loader,
        path: "/products",
        who: "guest",
        params: ["q", "category", "min", "max", "sort", "view", "page"],
      },
      { fn: product.loader, path: "/product/ID", who: "guest", params: ["page", "color", "size"], id: "id" },
      { fn: checkout.loader, path: "/checkout", who: "buyer", params: ["product", "color", "size", "quantity"] },
      {
        fn: sellerOrders.loader,
        path: "/seller/orders",
        who: "seller",
        params: ["status", "q", "page", "id", "returns", "per"],
      },
      { fn: sellerReturns.loader, path: "/seller/returns", who: "seller", params: ["status", "page"] },
      { fn: sellerReturn.loader, path: "/seller/returns/ID", who: "seller", params: ["page"], id: "id" },
      { fn: sellerEmailLogs.loader, path: "/seller/email-logs", who: "seller", params: ["status", "q", "page", "id"] },
      { fn: sellerInbox.loader, path: "/seller/inbox", who: "seller", params: ["status", "q", "page"] },
      { fn: buyerLayout.loader, path: "/buyer-dashboard", who: "buyer", params: ["tab", "page"] },
      { fn: buyerDashboard.loader, path: "/orders", who: "buyer", params: ["tab", "page"] },
      { fn: orderReturn.loader, path: "/orders/ID/return", who: "buyer", params: ["page"], id: "id" },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        fc.oneof(hostileId, fc.constant("real")),
        hostileQuery([
          "q",
          "min",
          "max",
          "page",
          "status",
          "product",
          "quantity",
          "id",
          "tab",
          "per",
          "selection",
          "asOf",
        ]),
        async (page, id, query) => {
          const realId = id === "real" ? shop.ids.product : id;
          const params = new URLSearchParams(query);
          const path = `${page.path.replace("ID", encodeURIComponent(realId))}?${params}`;
          const answer = await call(
            shop,
            page.fn,
            buildRequest(shop, page.who, path),
            page.id ? { [page.id]: realId } : {},
          );
          expect(answer.status, path.slice(0, 300)).toBeLessThan(500);
        },
      ),
      fuzzParams(60),
    );
  });
});
