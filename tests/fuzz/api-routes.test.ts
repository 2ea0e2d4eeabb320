import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "~/routes/api/auth";
import * as apiCart from "~/routes/api/cart";
import * as apiCartItem from "~/routes/api/cart-item";
import * as apiCartItems from "~/routes/api/cart-items";
import * as apiOrder from "~/routes/api/order";
import * as apiOrderReturns from "~/routes/api/order-returns";
import * as apiOrders from "~/routes/api/orders";
import * as apiProduct from "~/routes/api/product";
import * as apiProductImages from "~/routes/api/product-images";
import * as apiProductReviews from "~/routes/api/product-reviews";
import * as apiProducts from "~/routes/api/products";
import * as apiCouriers from "~/routes/api/seller-couriers";
import * as apiOverview from "~/routes/api/seller-overview";
import * as apiSellerReturn from "~/routes/api/seller-return";
import * as apiSellerReturnStep from "~/routes/api/seller-return-step";
import * as apiSellerReturns from "~/routes/api/seller-returns";
import * as apiSettlements from "~/routes/api/settlements";
import * as apiShipments from "~/routes/api/shipments";
import * as apiWishlist from "~/routes/api/wishlist-item";
import { COURIER_FORM_FIELDS } from "~/modules/shipping/couriers/courier-form";
import {
  buildRequest,
  call,
  expectApiError,
  expectNoPollution,
  fuzzParams,
  openFuzzShop,
  snapshot,
  type FuzzShop,
  type Who,
} from "./fuzz-shop";
import { hostileId, hostileJsonBody, hostileObject, hostileQuery, invalidValue } from "./hostile-values";

type Route = Parameters<typeof call>[1];
type BodyRoute = {
  name: string;
  who: Exclude<Who, "guest">;
  method: string;
  fn: Route;
  fields: readonly string[];
  path: (shop: FuzzShop, id: string) => string;
  params?: (shop: FuzzShop, id: string) => Record<string, string>;
  /** Where a real id makes sense: the shop's own record, so the body is what gets refused. */
  realId?: (shop: FuzzShop) => string;
  headers?: (shop: FuzzShop) => Record<string, string>;
};

const PRODUCT_FIELDS = [
  "name",
  "category",
  "description",
  "price",
  "originalPrice",
  "stock",
  "colors",
  "sizes",
  "variants",
  "features",
  "tags",
  "status",
  "launchAt",
  "images",
] as const;
const SHIPPING_FIELDS = ["fullName", "email", "phone", "address", "city", "postalCode"] as const;

/** Every JSON API route that reads a body (docs/api.md), as the user it is meant for. */
const BODY_ROUTES: BodyRoute[] = [
  {
    name: "POST /api/products",
    who: "seller",
    method: "POST",
    fn: apiProducts.action,
    fields: PRODUCT_FIELDS,
    path: () => "/api/products",
  },
  {
    name: "PATCH /api/products/:id",
    who: "seller",
    method: "PATCH",
    fn: apiProduct.action,
    fields: PRODUCT_FIELDS,
    path: (_s, id) => `/api/products/${encodeURIComponent(id)}`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.product,
  },
  {
    name: "POST /api/products/:id/images",
    who: "seller",
    method: "POST",
    fn: apiProductImages.action,
    fields: ["images", "product"],
    path: (_s, id) => `/api/products/${encodeURIComponent(id)}/images`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.product,
  },
  {
    name: "POST /api/products/:id/reviews",
    who: "buyer",
    method: "POST",
    fn: apiProductReviews.action,
    fields: ["rating", "comment"],
    path: (_s, id) => `/api/products/${encodeURIComponent(id)}/reviews`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.product,
  },
  {
    name: "POST /api/cart/items",
    who: "buyer",
    method: "POST",
    fn: apiCartItems.action,
    fields: ["productId", "color", "size", "quantity"],
    path: () => "/api/cart/items",
  },
  {
    name: "PATCH /api/cart/items/:id",
    who: "buyer",
    method: "PATCH",
    fn: apiCartItem.action,
    fields: ["quantity"],
    path: (_s, id) => `/api/cart/items/${encodeURIComponent(id)}`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.cartItem,
  },
  {
    name: "POST /api/orders",
    who: "buyer",
    method: "POST",
    fn: apiOrders.action,
    fields: ["items", "shipping", "paymentMethod", "useStoreCredit"],
    path: () => "/api/orders",
    headers: () => ({ "idempotency-key": "fuzz" }),
  },
  {
    name: "POST /api/seller/couriers",
    who: "seller",
    method: "POST",
    fn: apiCouriers.action,
    fields: COURIER_FORM_FIELDS,
    path: () => "/api/seller/couriers",
  },
  {
    name: "POST /api/shipments",
    who: "seller",
    method: "POST",
    fn: apiShipments.action,
    fields: ["orderIds", "courierId", "weights"],
    path: () => "/api/shipments",
  },
  {
    name: "POST /api/orders/:id/returns",
    who: "buyer",
    method: "POST",
    fn: apiOrderReturns.action,
    fields: ["items", "reason", "reasonText", "photos"],
    path: (_s, id) => `/api/orders/${encodeURIComponent(id)}/returns`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.order,
  },
  {
    name: "PATCH /api/orders/:id",
    who: "seller",
    method: "PATCH",
    fn: apiOrder.action,
    fields: ["status", "courierName", "trackingNumber"],
    path: (_s, id) => `/api/orders/${encodeURIComponent(id)}`,
    params: (_s, id) => ({ id }),
    realId: (s) => s.ids.order,
  },
  ...(["reject", "receive", "refunds"] as const).map((step): BodyRoute => ({
    name: `POST /api/seller/returns/:id/${step}`,
    who: "seller",
    method: "POST",
    fn: apiSellerReturnStep.action,
    fields: step === "reject" ? ["reason"] : step === "receive" ? ["items"] : ["method", "amount", "reference"],
    path: (_s, id) => `/api/seller/returns/${encodeURIComponent(id)}/${step}`,
    params: (_s, id) => ({ id, step }),
  })),
];

/** Routes answering with no body, a hostile id or query: reads, deletes and saves by id. */
type IdRoute = {
  name: string;
  who: Who;
  method: string;
  fn: Route;
  path: (id: string) => string;
  params: (id: string) => Record<string, string>;
};
const ID_ROUTES: IdRoute[] = [
  {
    name: "GET /api/products/:id",
    who: "guest",
    method: "GET",
    fn: apiProduct.loader,
    path: (id) => `/api/products/${encodeURIComponent(id)}`,
    params: (id) => ({ id }),
  },
  {
    name: "DELETE /api/products/:id",
    who: "seller",
    method: "DELETE",
    fn: apiProduct.action,
    path: (id) => `/api/products/${encodeURIComponent(id)}`,
    params: (id) => ({ id }),
  },
  {
    name: "GET /api/products/:id/reviews",
    who: "guest",
    method: "GET",
    fn: apiProductReviews.loader,
    path: (id) => `/api/products/${encodeURIComponent(id)}/reviews`,
    params: (id) => ({ id }),
  },
  {
    name: "DELETE /api/cart/items/:id",
    who: "buyer",
    method: "DELETE",
    fn: apiCartItem.action,
    path: (id) => `/api/cart/items/${encodeURIComponent(id)}`,
    params: (id) => ({ id }),
  },
  {
    name: "GET /api/orders/:id",
    who: "buyer",
    method: "GET",
    fn: apiOrder.loader,
    path: (id) => `/api/orders/${encodeURIComponent(id)}`,
    params: (id) => ({ id }),
  },
  {
    name: "PUT /api/wishlist/:productId",
    who: "buyer",
    method: "PUT",
    fn: apiWishlist.action,
    path: (id) => `/api/wishlist/${encodeURIComponent(id)}`,
    params: (id) => ({ productId: id }),
  },
  {
    name: "DELETE /api/wishlist/:productId",
    who: "buyer",
    method: "DELETE",
    fn: apiWishlist.action,
    path: (id) => `/api/wishlist/${encodeURIComponent(id)}`,
    params: (id) => ({ productId: id }),
  },
  {
    name: "GET /api/seller/returns/:id",
    who: "seller",
    method: "GET",
    fn: apiSellerReturn.loader,
    path: (id) => `/api/seller/returns/${encodeURIComponent(id)}`,
    params: (id) => ({ id }),
  },
  {
    name: "POST /api/seller/returns/:id/approve",
    who: "seller",
    method: "POST",
    fn: apiSellerReturnStep.action,
    path: (id) => `/api/seller/returns/${encodeURIComponent(id)}/approve`,
    params: (id) => ({ id, step: "approve" }),
  },
];

/** Reads with a query string. */
const QUERY_ROUTES: { name: string; who: Who; fn: Route; path: string; params: readonly string[]; realId?: boolean }[] =
  [
    {
      name: "GET /api/products",
      who: "guest",
      fn: apiProducts.loader,
      path: "/api/products",
      params: ["q", "category", "min", "max", "sort", "page", "view"],
    },
    {
      name: "GET /api/orders (seller)",
      who: "seller",
      fn: apiOrders.loader,
      path: "/api/orders",
      params: ["status", "q", "page"],
    },
    {
      name: "GET /api/orders (buyer)",
      who: "buyer",
      fn: apiOrders.loader,
      path: "/api/orders",
      params: ["status", "q", "page"],
    },
    {
      name: "GET /api/products/:id/reviews",
      who: "guest",
      fn: apiProductReviews.loader,
      path: "/api/products/ID/reviews",
      params: ["page", "sort"],
      realId: true,
    },
    { name: "GET /api/cart", who: "buyer", fn: apiCart.loader, path: "/api/cart", params: ["page", "x"] },
    {
      name: "GET /api/seller/overview",
      who: "seller",
      fn: apiOverview.loader,
      path: "/api/seller/overview",
      params: ["from", "to", "days"],
    },
    {
      name: "GET /api/shipments",
      who: "seller",
      fn: apiShipments.loader,
      path: "/api/shipments",
      params: ["courier", "page"],
    },
    {
      name: "GET /api/settlements",
      who: "seller",
      fn: apiSettlements.loader,
      path: "/api/settlements",
      params: ["courier", "page"],
    },
    {
      name: "GET /api/seller/returns",
      who: "seller",
      fn: apiSellerReturns.loader,
      path: "/api/seller/returns",
      params: ["status", "page"],
    },
  ];

/**
 * Property-based fuzzing of every JSON API route with hostile bodies, ids and queries (fast-check,
 * on PGlite): the answer is always a 4xx in the documented error shape (or a 2xx for a read),
 * never a 5xx; a body that is wrong in every field it sets changes nothing.
 */
describe("fuzzing the JSON API", () => {
  let shop: FuzzShop;
  beforeAll(async () => {
    shop = await openFuzzShop("pglite");
  }, 300_000);
  afterAll(async () => shop?.database.destroy());

  for (const route of BODY_ROUTES) {
    it(`${route.name}: hostile bodies are refused in the error shape and change nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileObject(route.fields, { allInvalid: true }), fc.boolean(), async (body, realId) => {
          const id = realId && route.realId ? route.realId(shop) : "00000000-0000-4000-8000-000000000000";
          const before = await snapshot(shop);
          const request = buildRequest(shop, route.who, route.path(shop, id), {
            method: route.method,
            body: JSON.stringify(body),
            contentType: "application/json",
          });
          for (const [k, v] of Object.entries(route.headers?.(shop) ?? {})) request.headers.set(k, v);
          const answer = await call(shop, route.fn, request, route.params?.(shop, id));
          expectApiError(answer, `${route.name} ${JSON.stringify(body).slice(0, 200)}`);
          expect(await snapshot(shop)).toEqual(before);
          expectNoPollution();
        }),
        fuzzParams(),
      );
    });

    it(`${route.name}: random bytes, broken JSON and mixed values never give a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileJsonBody(route.fields),
          fc.oneof(hostileId, fc.constant("real")),
          async ({ body }, rawId) => {
            const id = rawId === "real" && route.realId ? route.realId(shop) : rawId;
            const request = buildRequest(shop, route.who, route.path(shop, id), {
              method: route.method,
              body,
              contentType: "application/json",
            });
            const before = await snapshot(shop);
            const answer = await call(shop, route.fn, request, route.params?.(shop, id));
            expect(answer.status, `${route.name}: ${String(answer.body).slice(0, 200)}`).toBeLessThan(500);
            if (answer.status >= 400) {
              expectApiError(answer, route.name);
              expect(await snapshot(shop)).toEqual(before);
            }
            expectNoPollution();
          },
        ),
        fuzzParams(),
      );
    });
  }

  it("POST /api/orders: hostile shipping and items inside an otherwise valid order are refused and change nothing", async () => {
    const shippingArb = hostileObject(SHIPPING_FIELDS, { allInvalid: true });
    const itemArb = fc.record({
      productId: fc.oneof(hostileId, fc.constant("real")),
      color: invalidValue,
      size: invalidValue,
      quantity: invalidValue,
    });
    await fc.assert(
      fc.asyncProperty(
        shippingArb,
        fc.array(itemArb, { maxLength: 3 }),
        fc.oneof(hostileId, fc.constant("fuzz-key")),
        async (shipping, items, key) => {
          const good = {
            fullName: "Bilal Ahmed",
            email: "buyer@fuzz.pk",
            phone: "03001234567",
            city: "Lahore",
            address: "House 1, Street 2, Gulberg",
          };
          const body = {
            shipping: { ...good, ...shipping },
            items: items.map((i) => ({ ...i, productId: i.productId === "real" ? shop.ids.product : i.productId })),
            paymentMethod: "cod",
          };
          const before = await snapshot(shop);
          const request = buildRequest(shop, "buyer", "/api/orders", {
            body: JSON.stringify(body),
            contentType: "application/json",
          });
          // A header can only carry visible ASCII (fetch refuses the rest before it is sent).
          const headerKey = key.replace(/[^\x20-\x7e]/g, "").slice(0, 300);
          if (headerKey) request.headers.set("idempotency-key", headerKey);
          const answer = await call(shop, apiOrders.action, request);
          expectApiError(answer, JSON.stringify(body).slice(0, 300));
          expect(await snapshot(shop)).toEqual(before);
        },
      ),
      fuzzParams(),
    );
  });

  for (const route of ID_ROUTES) {
    it(`${route.name}: hostile ids answer 4xx in the error shape and change nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileId, async (id) => {
          const before = await snapshot(shop);
          const answer = await call(
            shop,
            route.fn,
            buildRequest(shop, route.who, route.path(id), { method: route.method }),
            route.params(id),
          );
          expectApiError(answer, `${route.name} ${JSON.stringify(id).slice(0, 100)}`);
          expect(await snapshot(shop)).toEqual(before);
        }),
        fuzzParams(),
      );
    });
  }

  for (const route of QUERY_ROUTES) {
    it(`${route.name}: hostile queries answer 200 or a 400 in the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileQuery(route.params), async (query) => {
          const path = route.path.replace("ID", shop.ids.product);
          const answer = await call(
            shop,
            route.fn,
            buildRequest(shop, route.who, `${path}?${query}`),
            route.realId ? { id: shop.ids.product } : {},
          );
          if (answer.status !== 200) expectApiError(answer, `${route.name}?${query.slice(0, 200)}`);
        }),
        fuzzParams(),
      );
    });
  }

  it("better-auth's sign-up and sign-in never answer 5xx to hostile bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("sign-up/email", "sign-in/email"),
        hostileJsonBody(["name", "email", "password", "callbackURL", "rememberMe"]),
        async (endpoint, { body }) => {
          const request = buildRequest(shop, "guest", `/api/auth/${endpoint}`, {
            body,
            contentType: "application/json",
          });
          const answer = await call(shop, apiAuth.action, request, { "*": endpoint });
          expect(answer.status, `${endpoint} ${String(body).slice(0, 200)}`).toBeLessThan(500);
          expectNoPollution();
        },
      ),
      fuzzParams(),
    );
  });
});
