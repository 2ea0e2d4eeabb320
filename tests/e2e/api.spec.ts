import { expect, test, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { SELLER } from "../../playwright.config";
import { uniqueEmail } from "./helpers";

/**
 * The JSON API under /api (issue 3, "JSON API for other clients"), driven over HTTP against the
 * built shop: the same module functions as the pages, errors as `{error: {code, message, fields?}}`.
 *
 * Sign-ups are rate-limited per address (SIGN_IN_RATE_LIMIT a minute), so buyers are made once per
 * group of tests and each test starts from an empty cart. The seller is the account the e2e server
 * starts with (playwright.config.ts).
 */

const PASSWORD = "correct-horse-42";
const SHIPPING_FEE = 200;

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha.khan@example.com",
  phone: "0300 1234567",
  address: "House 12, Street 5, DHA Phase 6",
  city: "Karachi",
  postalCode: "75500",
};

// Seeded products (app/seed/seed-data.ts) with known prices and stock.
const TEE = "essential-crew-neck-tee"; // Rs 1,299; Gray/XXL has 3, White/XS is sold out
const OVERSIZED = "heavyweight-oversized-tee"; // Rs 1,899 (was 2,499); White/M has 4
const V_NECK = "slim-v-neck-tee"; // Rs 1,499; every variant has 8 or more
const KARACHI_NIGHTS = "karachi-nights-graphic-tee"; // Navy/XXL has 1

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("playwright.config.ts sets no baseURL");
  return url;
}

/** A request context like another client's: same-origin Origin header on every request, its own cookies. */
async function newClient(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
}

/** A new buyer signed in through better-auth's own route; the session cookie stays in the context. */
async function newBuyer(playwright: PlaywrightWorkerArgs["playwright"], tag: string): Promise<APIRequestContext> {
  const api = await newClient(playwright);
  const res = await api.post("/api/auth/sign-up/email", {
    data: { name: `API ${tag}`, email: uniqueEmail(`api-${tag}`), password: PASSWORD },
  });
  expect(res.status(), `sign-up failed: ${await res.text()}`).toBe(200);
  return api;
}

async function signIn(
  playwright: PlaywrightWorkerArgs["playwright"],
  email: string,
  password: string,
): Promise<APIRequestContext> {
  const api = await newClient(playwright);
  const res = await api.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status(), `sign-in failed: ${await res.text()}`).toBe(200);
  return api;
}

/** Reads a JSON response, checking its status first (with the body in the failure message). */
async function json(res: APIResponse, status: number): Promise<Json> {
  const text = await res.text();
  expect(res.status(), `${res.url()} answered ${res.status()}: ${text}`).toBe(status);
  expect(res.headers()["content-type"]).toContain("application/json");
  return JSON.parse(text) as Json;
}

async function expectError(res: APIResponse, status: number, code: string): Promise<Json> {
  const body = await json(res, status);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  return body.error;
}

async function productDetail(api: APIRequestContext, id: string): Promise<Json> {
  return (await json(await api.get(`/api/products/${id}`), 200)).data;
}

async function stockOf(api: APIRequestContext, id: string, color: string, size: string): Promise<number> {
  const product = await productDetail(api, id);
  const variant = product.variants.find((v: Json) => v.color === color && v.size === size);
  if (!variant) throw new Error(`${id} has no ${color}/${size}`);
  return variant.stock;
}

async function getCart(api: APIRequestContext): Promise<Json> {
  return (await json(await api.get("/api/cart"), 200)).data;
}

async function addItem(api: APIRequestContext, item: Json): Promise<Json> {
  return (await json(await api.post("/api/cart/items", { data: item }), 201)).data;
}

async function emptyCart(api: APIRequestContext) {
  await json(await api.delete("/api/cart"), 200);
}

test.describe("products API", () => {
  test("lists the catalogue with the page's filters, sort and pages", async ({ request }) => {
    const all = (await json(await request.get("/api/products"), 200)).data;
    expect(all).toMatchObject({ page: 1, pageSize: 12, hasMore: true });
    expect(all.total).toBeGreaterThan(12);
    expect(all.products).toHaveLength(12);
    const first = all.products[0];
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "category",
        "categoryName",
        "price",
        "originalPrice",
        "status",
        "rating",
        "reviewCount",
        "stock",
        "image",
      ]),
    );

    // page=2 is the second page only, not pages 1 and 2 like the catalogue page shows.
    const second = (await json(await request.get("/api/products?page=2"), 200)).data;
    expect(second.page).toBe(2);
    expect(second.products.length).toBeGreaterThan(0);
    const firstIds = new Set(all.products.map((p: Json) => p.id));
    expect(second.products.every((p: Json) => !firstIds.has(p.id))).toBe(true);

    const tees = (await json(await request.get("/api/products?category=t-shirts"), 200)).data;
    expect(tees.total).toBe(6);
    expect(tees.hasMore).toBe(false);
    expect(tees.products.every((p: Json) => p.category === "t-shirts" && p.categoryName === "T-Shirts")).toBe(true);

    const cheapFirst = (await json(await request.get("/api/products?min=1500&max=2500&sort=price-asc"), 200)).data;
    const prices: number[] = cheapFirst.products.map((p: Json) => p.price);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.every((p) => p >= 1500 && p <= 2500)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const search = (await json(await request.get("/api/products?q=oversized"), 200)).data;
    expect(search.products.map((p: Json) => p.id)).toContain(OVERSIZED);
    expect(search.total).toBeLessThan(all.total);

    const none = (await json(await request.get("/api/products?q=no-such-garment-anywhere"), 200)).data;
    expect(none).toEqual({ products: [], total: 0, page: 1, pageSize: 12, hasMore: false });
  });

  test("a product with its price, variants and image URLs", async ({ request }) => {
    const product = await productDetail(request, OVERSIZED);
    expect(product).toMatchObject({
      id: OVERSIZED,
      name: "Heavyweight Oversized Tee",
      category: "t-shirts",
      categoryName: "T-Shirts",
      price: 1899,
      originalPrice: 2499,
      status: "active",
      colors: ["Black", "White", "Brown"],
      sizes: ["S", "M", "L", "XL", "XXL"],
    });
    expect(typeof product.description).toBe("string");
    expect(product.rating).toBeGreaterThan(0);
    expect(product.reviewCount).toBeGreaterThan(0);
    expect(product.variants).toHaveLength(15);
    expect(product.variants).toContainEqual({ color: "White", size: "M", stock: 4 });
    expect(product.variants).toContainEqual({ color: "Brown", size: "S", stock: 0 });
    expect(product.images.length).toBeGreaterThan(0);
    for (const url of product.images) expect(url).toMatch(/^\/media\/[\w-]+\.webp$/);
    const image = await request.get(product.images[0]);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/webp");
  });

  test("an unknown product is a JSON 404", async ({ request }) => {
    const error = await expectError(await request.get("/api/products/no-such-product"), 404, "NOT_FOUND");
    expect(error.message).toBe("Product not found");
  });

  test("methods a route does not support are a JSON 405", async ({ request }) => {
    const headers = { Origin: baseUrl() };
    const put = await request.put("/api/products", { headers, data: {} });
    await expectError(put, 405, "METHOD_NOT_ALLOWED");
    expect(put.headers()["allow"]).toBe("GET, POST");
    await expectError(await request.get("/api/cart/items"), 405, "METHOD_NOT_ALLOWED");
    await expectError(await request.put("/api/cart", { headers, data: {} }), 405, "METHOD_NOT_ALLOWED");
    await expectError(await request.delete("/api/orders", { headers }), 405, "METHOD_NOT_ALLOWED");
  });
});

test.describe("without a session", () => {
  test("cart, orders and wishlist answer 401", async ({ request }) => {
    const headers = { Origin: baseUrl() };
    const calls = [
      request.get("/api/cart"),
      request.delete("/api/cart", { headers }),
      request.post("/api/cart/items", { headers, data: { productId: TEE, color: "Black", size: "M", quantity: 1 } }),
      request.patch("/api/cart/items/00000000-0000-4000-8000-000000000000", { headers, data: { quantity: 2 } }),
      request.delete("/api/cart/items/00000000-0000-4000-8000-000000000000", { headers }),
      request.get("/api/orders"),
      request.post("/api/orders", { headers, data: { shipping: SHIPPING, paymentMethod: "cod" } }),
      request.get("/api/orders/00000000-0000-4000-8000-000000000000"),
      request.put(`/api/wishlist/${TEE}`, { headers }),
    ];
    for (const res of await Promise.all(calls)) {
      const error = await expectError(res, 401, "UNAUTHENTICATED");
      expect(error.message).toBe("Please sign in first");
    }
  });
});

test.describe("cart API", () => {
  let buyer: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    buyer = await newBuyer(playwright, "cart");
  });
  test.afterAll(async () => {
    await buyer?.dispose();
  });
  test.beforeEach(async () => {
    await emptyCart(buyer);
  });

  test("add, add again, patch, delete and clear, with the server's totals", async () => {
    expect(await getCart(buyer)).toEqual({
      items: [],
      itemCount: 0,
      subtotal: 0,
      discountTotal: 0,
      shippingFee: 0,
      total: 0,
      discount: null,
    });

    const first = await addItem(buyer, { productId: TEE, color: "Black", size: "M", quantity: 1 });
    expect(first.item).toMatchObject({
      productId: TEE,
      name: "Essential Crew Neck Tee",
      color: "Black",
      size: "M",
      quantity: 1,
      price: 1299,
      lineTotal: 1299,
      priceWhenAdded: 1299,
    });
    expect(first.item.stock).toBeGreaterThanOrEqual(8);
    expect(first.cart).toMatchObject({
      itemCount: 1,
      subtotal: 1299,
      shippingFee: SHIPPING_FEE,
      total: 1299 + SHIPPING_FEE,
    });

    // The same product, colour and size again raises that line's quantity.
    const again = await addItem(buyer, { productId: TEE, color: "Black", size: "M", quantity: 2 });
    expect(again.item.id).toBe(first.item.id);
    expect(again.item.quantity).toBe(3);
    expect(again.cart.items).toHaveLength(1);

    const second = await addItem(buyer, { productId: OVERSIZED, color: "White", size: "M", quantity: 2 });
    expect(second.cart.items).toHaveLength(2);
    expect(second.cart).toMatchObject({
      itemCount: 5,
      subtotal: 3 * 1299 + 2 * 1899,
      shippingFee: SHIPPING_FEE,
      total: 3 * 1299 + 2 * 1899 + SHIPPING_FEE,
    });

    const patched = (await json(await buyer.patch(`/api/cart/items/${first.item.id}`, { data: { quantity: 1 } }), 200))
      .data;
    expect(patched.items.find((i: Json) => i.id === first.item.id)).toMatchObject({ quantity: 1, lineTotal: 1299 });
    expect(patched).toMatchObject({ itemCount: 3, subtotal: 1299 + 2 * 1899, total: 1299 + 2 * 1899 + SHIPPING_FEE });

    // Quantity never goes below 1.
    const zero = await expectError(
      await buyer.patch(`/api/cart/items/${first.item.id}`, { data: { quantity: 0 } }),
      400,
      "VALIDATION",
    );
    expect(zero.fields.quantity).toBe("Quantity must be at least 1");

    const deleted = (await json(await buyer.delete(`/api/cart/items/${second.item.id}`), 200)).data;
    expect(deleted.items.map((i: Json) => i.id)).toEqual([first.item.id]);
    expect(deleted).toMatchObject({
      itemCount: 1,
      subtotal: 1299,
      shippingFee: SHIPPING_FEE,
      total: 1299 + SHIPPING_FEE,
    });
    await expectError(await buyer.delete(`/api/cart/items/${second.item.id}`), 404, "NOT_FOUND");

    await addItem(buyer, { productId: V_NECK, color: "Navy", size: "L", quantity: 1 });
    const cleared = (await json(await buyer.delete("/api/cart"), 200)).data;
    expect(cleared).toEqual({
      items: [],
      itemCount: 0,
      subtotal: 0,
      discountTotal: 0,
      shippingFee: 0,
      total: 0,
      discount: null,
    });
    expect(await getCart(buyer)).toEqual(cleared);
  });

  test("more than there is in stock is a 409 and changes nothing", async () => {
    // Gray/XXL of the tee has 3.
    const tooMany = await expectError(
      await buyer.post("/api/cart/items", { data: { productId: TEE, color: "Gray", size: "XXL", quantity: 4 } }),
      409,
      "OUT_OF_STOCK",
    );
    expect(tooMany.message).toContain("Only 3 left");
    expect((await getCart(buyer)).items).toEqual([]);

    const { item } = await addItem(buyer, { productId: TEE, color: "Gray", size: "XXL", quantity: 2 });
    // 2 in the cart and 2 more asked for: still more than the 3 there are.
    await expectError(
      await buyer.post("/api/cart/items", { data: { productId: TEE, color: "Gray", size: "XXL", quantity: 2 } }),
      409,
      "OUT_OF_STOCK",
    );
    const patch = await expectError(
      await buyer.patch(`/api/cart/items/${item.id}`, { data: { quantity: 4 } }),
      409,
      "OUT_OF_STOCK",
    );
    expect(patch.fields.quantity).toContain("Only 3 left");
    expect((await getCart(buyer)).items).toMatchObject([{ id: item.id, quantity: 2, stock: 3 }]);

    // A sold-out variant cannot be added at all.
    await expectError(
      await buyer.post("/api/cart/items", { data: { productId: TEE, color: "White", size: "XS", quantity: 1 } }),
      409,
      "OUT_OF_STOCK",
    );
    // The one left: 1 is fine.
    await addItem(buyer, { productId: TEE, color: "Gray", size: "XXL", quantity: 1 });
    expect((await getCart(buyer)).items).toMatchObject([{ id: item.id, quantity: 3 }]);
  });

  test("bad input is a 400 with fields, an unknown product a 404", async () => {
    const blank = await expectError(
      await buyer.post("/api/cart/items", { data: { productId: "", quantity: 1 } }),
      400,
      "VALIDATION",
    );
    expect(blank.fields.productId).toBe("Product is required");
    const fraction = await expectError(
      await buyer.post("/api/cart/items", { data: { productId: TEE, color: "Black", size: "M", quantity: 1.5 } }),
      400,
      "VALIDATION",
    );
    expect(fraction.fields.quantity).toBe("Quantity must be a whole number");
    const notObject = await expectError(await buyer.post("/api/cart/items", { data: [1, 2] }), 400, "VALIDATION");
    expect(notObject.message).toContain("JSON object");
    await expectError(
      await buyer.post("/api/cart/items", { data: { productId: "no-such-product", quantity: 1 } }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await buyer.post("/api/cart/items", { data: { productId: TEE, color: "Purple", size: "M", quantity: 1 } }),
      404,
      "NOT_FOUND",
    );
    await expectError(await buyer.patch("/api/cart/items/not-a-uuid", { data: { quantity: 1 } }), 404, "NOT_FOUND");
    expect((await getCart(buyer)).items).toEqual([]);
  });

  test("a request from another site is refused with 403", async () => {
    const res = await buyer.post("/api/cart/items", {
      headers: { Origin: "http://evil.example" },
      data: { productId: TEE, color: "Black", size: "M", quantity: 1 },
    });
    await expectError(res, 403, "FORBIDDEN");
    const order = await buyer.post("/api/orders", {
      headers: { Origin: "http://evil.example" },
      data: {
        items: [{ productId: V_NECK, color: "Navy", size: "M", quantity: 1 }],
        shipping: SHIPPING,
        paymentMethod: "cod",
      },
    });
    await expectError(order, 403, "FORBIDDEN");
    expect((await getCart(buyer)).items).toEqual([]);
  });

  test("wishlist: PUT saves, DELETE unsaves, both safe to repeat", async () => {
    expect((await json(await buyer.put(`/api/wishlist/${TEE}`), 200)).data).toMatchObject({ saved: true });
    expect((await json(await buyer.put(`/api/wishlist/${TEE}`), 200)).data).toMatchObject({ saved: true });
    expect((await json(await buyer.delete(`/api/wishlist/${TEE}`), 200)).data).toMatchObject({ saved: false });
    expect((await json(await buyer.delete(`/api/wishlist/${TEE}`), 200)).data).toMatchObject({ saved: false });
    await expectError(await buyer.put("/api/wishlist/no-such-product"), 404, "NOT_FOUND");
    await expectError(await buyer.get(`/api/wishlist/${TEE}`), 405, "METHOD_NOT_ALLOWED");
  });
});

test.describe("orders API", () => {
  let buyerA: APIRequestContext;
  let buyerB: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    buyerA = await newBuyer(playwright, "order-a");
    buyerB = await newBuyer(playwright, "order-b");
  });
  test.afterAll(async () => {
    await buyerA?.dispose();
    await buyerB?.dispose();
  });
  test.beforeEach(async () => {
    await emptyCart(buyerA);
    await emptyCart(buyerB);
  });

  async function listOrders(api: APIRequestContext): Promise<Json[]> {
    return (await json(await api.get("/api/orders"), 200)).data.orders;
  }

  test("ordering the cart: 201 with an order number, stock taken, the cart emptied", async () => {
    const stockWhite = await stockOf(buyerA, V_NECK, "White", "M");
    const stockNavy = await stockOf(buyerA, V_NECK, "Navy", "L");
    await addItem(buyerA, { productId: V_NECK, color: "White", size: "M", quantity: 2 });
    await addItem(buyerA, { productId: V_NECK, color: "Navy", size: "L", quantity: 1 });

    const res = await buyerA.post("/api/orders", {
      headers: { "Idempotency-Key": `cart-${Date.now()}` },
      data: { shipping: SHIPPING, paymentMethod: "cod" },
    });
    const { data } = await json(res, 201);
    expect(data.orderNumber).toMatch(/^ORD-\d{6}$/);
    expect(typeof data.orderId).toBe("string");
    expect(res.headers()["location"]).toBe(`/api/orders/${data.orderId}`);

    expect(await getCart(buyerA)).toEqual({
      items: [],
      itemCount: 0,
      subtotal: 0,
      discountTotal: 0,
      shippingFee: 0,
      total: 0,
      discount: null,
    });
    expect(await stockOf(buyerA, V_NECK, "White", "M")).toBe(stockWhite - 2);
    expect(await stockOf(buyerA, V_NECK, "Navy", "L")).toBe(stockNavy - 1);

    const order = (await json(await buyerA.get(`/api/orders/${data.orderId}`), 200)).data;
    expect(order).toMatchObject({
      id: data.orderId,
      orderNumber: data.orderNumber,
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      subtotal: 3 * 1499,
      shippingFee: SHIPPING_FEE,
      total: 3 * 1499 + SHIPPING_FEE,
      shipping: {
        fullName: "Ayesha Khan",
        email: "ayesha.khan@example.com",
        phone: "+923001234567",
        address: SHIPPING.address,
        city: "Karachi",
        postalCode: "75500",
        country: "Pakistan",
      },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: V_NECK,
          name: "Slim V-Neck Tee",
          color: "White",
          size: "M",
          price: 1499,
          quantity: 2,
          lineTotal: 2998,
        }),
        expect.objectContaining({ productId: V_NECK, color: "Navy", size: "L", price: 1499, quantity: 1 }),
      ]),
    );
    const created = Date.parse(order.createdAt);
    const from = Date.parse(order.deliveryFrom);
    const to = Date.parse(order.deliveryTo);
    expect(created).toBeGreaterThan(Date.now() - 60_000);
    // Karachi: 3 to 5 working days.
    expect(from).toBeGreaterThan(created + 2 * 86_400_000);
    expect(to).toBeGreaterThan(from);
    expect(to).toBeLessThan(created + 8 * 86_400_000);

    const listed = await listOrders(buyerA);
    expect(listed.find((o) => o.id === data.orderId)).toMatchObject({
      orderNumber: data.orderNumber,
      status: "pending",
      total: 3 * 1499 + SHIPPING_FEE,
      itemCount: 3,
    });

    // Nothing left to order.
    const empty = await expectError(
      await buyerA.post("/api/orders", { data: { shipping: SHIPPING, paymentMethod: "cod" } }),
      400,
      "VALIDATION",
    );
    expect(empty.fields.items).toBe("Your cart is empty");
  });

  test("explicit items are ordered and the cart is left alone", async () => {
    const { item } = await addItem(buyerA, { productId: TEE, color: "Black", size: "L", quantity: 2 });
    const { data } = await json(
      await buyerA.post("/api/orders", {
        data: {
          items: [{ productId: V_NECK, color: "Green", size: "S", quantity: 1 }],
          shipping: { ...SHIPPING, city: "Lahore" },
          paymentMethod: "cod",
        },
      }),
      201,
    );
    const order = (await json(await buyerA.get(`/api/orders/${data.orderId}`), 200)).data;
    expect(order.items).toEqual([
      expect.objectContaining({ productId: V_NECK, color: "Green", size: "S", quantity: 1, price: 1499 }),
    ]);
    expect(order).toMatchObject({ subtotal: 1499, shippingFee: SHIPPING_FEE, total: 1499 + SHIPPING_FEE });
    expect(order.shipping.city).toBe("Lahore");
    expect((await getCart(buyerA)).items).toEqual([
      expect.objectContaining({ id: item.id, productId: TEE, quantity: 2 }),
    ]);
  });

  test("the same Idempotency-Key twice makes one order", async () => {
    const before = (await listOrders(buyerA)).length;
    const key = `retry-${Date.now()}-${Math.random()}`;
    const body = {
      items: [{ productId: V_NECK, color: "White", size: "L", quantity: 1 }],
      shipping: SHIPPING,
      paymentMethod: "cod",
    };
    const stock = await stockOf(buyerA, V_NECK, "White", "L");

    const first = (
      await json(await buyerA.post("/api/orders", { headers: { "Idempotency-Key": key }, data: body }), 201)
    ).data;
    const retry = (
      await json(await buyerA.post("/api/orders", { headers: { "Idempotency-Key": key }, data: body }), 200)
    ).data;
    expect(retry).toEqual(first);

    const orders = await listOrders(buyerA);
    expect(orders).toHaveLength(before + 1);
    expect(orders.filter((o) => o.id === first.orderId)).toHaveLength(1);
    expect(await stockOf(buyerA, V_NECK, "White", "L")).toBe(stock - 1);

    // A different key is a different order.
    const other = (
      await json(await buyerA.post("/api/orders", { headers: { "Idempotency-Key": `${key}-2` }, data: body }), 201)
    ).data;
    expect(other.orderId).not.toBe(first.orderId);
    expect(await listOrders(buyerA)).toHaveLength(before + 2);
  });

  test("prices and totals sent by the client are ignored", async () => {
    const price = (await productDetail(buyerA, OVERSIZED)).price;
    const { data } = await json(
      await buyerA.post("/api/orders", {
        data: {
          items: [{ productId: OVERSIZED, color: "Black", size: "L", quantity: 1, price: 1 }],
          shipping: SHIPPING,
          paymentMethod: "cod",
          subtotal: 1,
          shippingFee: 0,
          total: 1,
        },
      }),
      201,
    );
    const order = (await json(await buyerA.get(`/api/orders/${data.orderId}`), 200)).data;
    expect(order.items[0].price).toBe(price);
    expect(order).toMatchObject({ subtotal: price, shippingFee: SHIPPING_FEE, total: price + SHIPPING_FEE });
  });

  test("bad shipping details, payment method and items are 400 with fields; no stock is a 409", async () => {
    const item = { productId: V_NECK, color: "Navy", size: "M", quantity: 1 };
    const stock = await stockOf(buyerA, V_NECK, "Navy", "M");
    const before = (await listOrders(buyerA)).length;

    const phone = await expectError(
      await buyerA.post("/api/orders", {
        data: { items: [item], shipping: { ...SHIPPING, phone: "12345" }, paymentMethod: "cod" },
      }),
      400,
      "VALIDATION",
    );
    expect(phone.fields.phone).toBe("Please enter a Pakistani mobile number, like 0300 1234567");

    const blank = await expectError(
      await buyerA.post("/api/orders", {
        data: { items: [item], shipping: { ...SHIPPING, fullName: " ", address: "" }, paymentMethod: "cod" },
      }),
      400,
      "VALIDATION",
    );
    expect(blank.message).toBe("Please fill in all required fields");
    expect(blank.fields).toMatchObject({
      fullName: "Please enter your full name",
      address: "Please enter your shipping address",
    });

    const noShipping = await expectError(
      await buyerA.post("/api/orders", { data: { items: [item], paymentMethod: "cod" } }),
      400,
      "VALIDATION",
    );
    expect(Object.keys(noShipping.fields)).toEqual(
      expect.arrayContaining(["fullName", "email", "phone", "city", "address"]),
    );

    const email = await expectError(
      await buyerA.post("/api/orders", {
        data: { items: [item], shipping: { ...SHIPPING, email: "not-an-email" }, paymentMethod: "cod" },
      }),
      400,
      "VALIDATION",
    );
    expect(email.fields.email).toBe("Please enter a valid e-mail address");

    const card = await expectError(
      await buyerA.post("/api/orders", { data: { items: [item], shipping: SHIPPING, paymentMethod: "card" } }),
      400,
      "VALIDATION",
    );
    expect(card.fields.paymentMethod).toBe("Only Cash on Delivery is available");

    const quantity = await expectError(
      await buyerA.post("/api/orders", {
        data: { items: [{ ...item, quantity: 0 }], shipping: SHIPPING, paymentMethod: "cod" },
      }),
      400,
      "VALIDATION",
    );
    expect(quantity.fields["items.0.quantity"]).toBe("Quantity must be at least 1");

    await expectError(
      await buyerA.post("/api/orders", {
        data: { items: [{ ...item, productId: "no-such-product" }], shipping: SHIPPING, paymentMethod: "cod" },
      }),
      404,
      "NOT_FOUND",
    );

    // Navy/XXL of Karachi Nights has 1 left: asking for 2 takes nothing and says how many are left.
    const noStock = await expectError(
      await buyerA.post("/api/orders", {
        data: {
          items: [item, { productId: KARACHI_NIGHTS, color: "Navy", size: "XXL", quantity: 2 }],
          shipping: SHIPPING,
          paymentMethod: "cod",
        },
      }),
      409,
      "OUT_OF_STOCK",
    );
    expect(noStock.message).toContain("Only 1 left of Karachi Nights Graphic Tee (Navy, XXL)");
    expect(await stockOf(buyerA, KARACHI_NIGHTS, "Navy", "XXL")).toBe(1);

    expect(await stockOf(buyerA, V_NECK, "Navy", "M")).toBe(stock);
    expect(await listOrders(buyerA)).toHaveLength(before);
  });

  test("a buyer cannot see or change another buyer's cart items and orders", async () => {
    const { item } = await addItem(buyerA, { productId: TEE, color: "Navy", size: "M", quantity: 1 });
    const { data: placed } = await json(
      await buyerA.post("/api/orders", {
        data: {
          items: [{ productId: V_NECK, color: "Green", size: "M", quantity: 1 }],
          shipping: SHIPPING,
          paymentMethod: "cod",
        },
      }),
      201,
    );
    await json(
      await buyerB.post("/api/orders", {
        data: {
          items: [{ productId: V_NECK, color: "Green", size: "L", quantity: 1 }],
          shipping: SHIPPING,
          paymentMethod: "cod",
        },
      }),
      201,
    );

    await expectError(await buyerB.patch(`/api/cart/items/${item.id}`, { data: { quantity: 2 } }), 404, "NOT_FOUND");
    await expectError(await buyerB.delete(`/api/cart/items/${item.id}`), 404, "NOT_FOUND");
    expect((await getCart(buyerA)).items).toEqual([expect.objectContaining({ id: item.id, quantity: 1 })]);
    expect((await getCart(buyerB)).items).toEqual([]);

    const foreign = await expectError(await buyerB.get(`/api/orders/${placed.orderId}`), 404, "NOT_FOUND");
    expect(foreign.message).toBe("Order not found");
    await expectError(await buyerB.get("/api/orders/not-a-uuid"), 404, "NOT_FOUND");

    // A buyer's list holds their own orders only (every order is for the seller, not for buyers).
    const ordersOfB = await listOrders(buyerB);
    expect(ordersOfB).toHaveLength(1);
    expect(ordersOfB.map((o) => o.id)).not.toContain(placed.orderId);
    const ordersOfA = await listOrders(buyerA);
    expect(ordersOfA.map((o) => o.id)).toContain(placed.orderId);
    expect(ordersOfA.map((o) => o.id)).not.toContain(ordersOfB[0].id);
  });

  test("the seller sees every buyer's orders", async ({ playwright }) => {
    const placed = (
      await json(
        await buyerA.post("/api/orders", {
          data: {
            items: [{ productId: V_NECK, color: "White", size: "S", quantity: 1 }],
            shipping: SHIPPING,
            paymentMethod: "cod",
          },
        }),
        201,
      )
    ).data;
    const placedByB = (
      await json(
        await buyerB.post("/api/orders", {
          data: {
            items: [{ productId: V_NECK, color: "Navy", size: "S", quantity: 1 }],
            shipping: SHIPPING,
            paymentMethod: "cod",
          },
        }),
        201,
      )
    ).data;

    const seller = await signIn(playwright, SELLER.email, SELLER.password);
    try {
      const all = (await listOrders(seller)).map((o) => o.id);
      expect(all).toEqual(expect.arrayContaining([placed.orderId, placedByB.orderId]));
      expect(all.length).toBeGreaterThan((await listOrders(buyerA)).length);
      const order = (await json(await seller.get(`/api/orders/${placed.orderId}`), 200)).data;
      expect(order).toMatchObject({ id: placed.orderId, orderNumber: placed.orderNumber, status: "pending" });
    } finally {
      await seller.dispose();
    }
  });
});
