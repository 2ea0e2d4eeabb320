import { and, eq, gt } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, formError, isRefusal, keptValues } from "~/lib/form-reply";
import { orders, products, productVariants, reviews, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { placeOrder } from "~/flows/place-order.server";
import { COMMENT_TOO_LONG, RATING_REQUIRED } from "~/modules/reviews/review-schema";
import { NOT_ELIGIBLE_MESSAGE } from "~/modules/reviews/review-eligibility.server";
import { callRoute, routeContext, signInCookie } from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import * as apiReviews from "../api/product-reviews";
import * as order from "../account/order";
import * as product from "../storefront/product";
import * as sellerReviews from "./reviews";

const ORIGIN = "http://shop.test";
const PASSWORD = "long-enough-password";
const PRODUCT = "oxford-button-down-shirt"; // seeded 4.7 from 166
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@shop.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 1",
  postalCode: null,
  country: "Pakistan" as const,
};

type Who = "owner" | "buyer" | "stranger" | "guest";

/** The review pages and API (loaders and actions) as React Router calls them, with real sessions. */
describe.each(DATABASE_KINDS)("review pages on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies: Record<Exclude<Who, "guest">, string> = { owner: "", buyer: "", stranger: "" };
  let orderId = "";

  const signIn = (email: string) => signInCookie(auth, email, PASSWORD);
  const request = (path: string, who: Who, body?: Record<string, string> | object, json = false) =>
    new Request(`${ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        ...(who === "guest" ? {} : { cookie: cookies[who] }),
        ...(json ? { "content-type": "application/json", origin: ORIGIN } : {}),
      },
      body: body ? (json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>)) : undefined,
    });
  // A thrown Response (redirect) is returned; data() results are unwrapped to { status, body }.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const call = async (
    fn: (args: any) => unknown,
    request: Request,
    params: Record<string, string> = {},
  ): Promise<any> => {
    /* eslint-enable @typescript-eslint/no-explicit-any */
    const result = await callRoute(fn, { request, context, params });
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      return { status: (result.init as ResponseInit | null)?.status ?? 200, body: result.data };
    }
    return result instanceof Response ? result : { status: 200, body: result };
  };
  const figures = async () =>
    (
      await database.db
        .select({ rating: products.rating, reviewCount: products.reviewCount })
        .from(products)
        .where(eq(products.id, PRODUCT))
    )[0];
  const reviewRows = () => database.db.select().from(reviews).where(eq(reviews.productId, PRODUCT));

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    await createSeller(auth, database.db, { email: "owner@shop.pk", password: PASSWORD, name: "Owner" });
    for (const [name, email] of [
      ["Ayesha Khan", "buyer@shop.pk"],
      ["Omar Farooq", "stranger@shop.pk"],
    ]) {
      await auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
          body: JSON.stringify({ name, email, password: PASSWORD }),
        }),
      );
    }
    cookies.owner = await signIn("owner@shop.pk");
    cookies.buyer = await signIn("buyer@shop.pk");
    cookies.stranger = await signIn("stranger@shop.pk");
    const [buyer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk"));
    const [variant] = await database.db
      .select({ color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(and(eq(productVariants.productId, PRODUCT), gt(productVariants.stock, 0)))
      .limit(1);
    orderId = (
      await placeOrder(
        { db: database.db },
        { userId: buyer.id, shipping: SHIPPING, items: [{ productId: PRODUCT, ...variant, quantity: 1 }] },
      )
    ).orderId;
  }, 300_000);

  it("before delivery: the order page offers no rating and the buyer's review is refused, changing nothing", async () => {
    const page = await call(order.loader, request(`/orders/${orderId}`, "buyer"), { id: orderId });
    expect(page.body).toMatchObject({ canRate: false, myRatings: {} });
    const product_ = await call(product.loader, request(`/product/${PRODUCT}`, "buyer"), { id: PRODUCT });
    expect(product_.body.reviewer).toEqual({ kind: "signed-in", eligible: false });
    const refused = await call(
      product.action,
      request(`/product/${PRODUCT}`, "buyer", { intent: "review", rating: "5", comment: "Early" }),
      { id: PRODUCT },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ form: "review", status: "error" });
    expect(formError(refused.body)).toBe(NOT_ELIGIBLE_MESSAGE);
    expect(keptValues(refused.body)).toMatchObject({ rating: "5", comment: "Early" });
    expect(await reviewRows()).toEqual([]);
    await database.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, orderId));
  });

  it("Add to Cart beside the reviews: a choice it cannot read is refused in the one form shape, the intent and choice kept", async () => {
    const refused = await call(
      product.action,
      request(`/product/${PRODUCT}`, "buyer", { intent: "add", color: "x".repeat(61), size: "M", quantity: "2" }),
      { id: PRODUCT },
    );
    expect(refused.status).toBe(400);
    expect(isRefusal(refused.body)).toBe(true);
    expect(formError(refused.body)).toBe("Please select color and size");
    expect(keptValues(refused.body)).toMatchObject({ intent: "add", size: "M", quantity: "2" });
  });

  it("sends a guest who rates to sign in and back to the product", async () => {
    const result = await call(
      product.action,
      request(`/product/${PRODUCT}`, "guest", { intent: "review", rating: "4" }),
      { id: PRODUCT },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe(
      `/auth?mode=login&redirectTo=${encodeURIComponent(`/product/${PRODUCT}`)}`,
    );
    const page = await call(product.loader, request(`/product/${PRODUCT}`, "guest"), { id: PRODUCT });
    expect(page.body.reviewer).toEqual({ kind: "guest" });
    const api = await call(
      apiReviews.action,
      request(`/api/products/${PRODUCT}/reviews`, "guest", { rating: 4 }, true),
      { id: PRODUCT },
    );
    expect(api.status).toBe(401);
  });

  it("refuses ratings 0 and 6 and a long comment beside the field, keeping what was typed", async () => {
    for (const rating of ["0", "6", ""]) {
      const result = await call(
        product.action,
        request(`/product/${PRODUCT}`, "buyer", { intent: "review", rating, comment: "Lovely collar" }),
        { id: PRODUCT },
      );
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ form: "review", status: "error" });
      expect(formError(result.body)).toBe("Please correct the highlighted fields");
      expect(fieldErrors(result.body)).toEqual({ rating: RATING_REQUIRED });
      // What was typed (a blank field is simply not sent back).
      const kept = keptValues(result.body);
      expect(kept).toMatchObject({ comment: "Lovely collar" });
      expect(kept.rating).toBe(rating || undefined);
    }
    const long = await call(
      product.action,
      request(`/product/${PRODUCT}`, "buyer", { intent: "review", rating: "4", comment: "x".repeat(2001) }),
      { id: PRODUCT },
    );
    expect(fieldErrors(long.body)).toEqual({ comment: COMMENT_TOO_LONG });
    const api = await call(
      apiReviews.action,
      request(`/api/products/${PRODUCT}/reviews`, "buyer", { rating: 6 }, true),
      { id: PRODUCT },
    );
    expect(api.status).toBe(400);
    expect((await api.json()).error.fields).toEqual({ rating: RATING_REQUIRED });
    expect(await reviewRows()).toEqual([]);
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 166 });
  });

  it("a delivered buyer rates it; the product page, order page and API show it; a stranger is refused", async () => {
    const saved = await call(
      product.action,
      request(`/product/${PRODUCT}`, "buyer", { intent: "review", rating: "4", comment: "  Crisp and smart.  " }),
      { id: PRODUCT },
    );
    expect(saved.body).toMatchObject({ intent: "review", ok: true });
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 167 });
    const page = await call(product.loader, request(`/product/${PRODUCT}`, "stranger"), { id: PRODUCT });
    expect(page.body.reviewer).toEqual({ kind: "signed-in", eligible: false });
    expect(page.body.product).toMatchObject({ rating: 4.7, reviewCount: 167 });
    expect(page.body.reviews).toMatchObject({
      total: 1,
      page: 1,
      reviews: [{ author: "Ayesha", rating: 4, comment: "Crisp and smart." }],
    });
    const mine = await call(product.loader, request(`/product/${PRODUCT}`, "buyer"), { id: PRODUCT });
    expect(mine.body.reviewer).toMatchObject({
      eligible: true,
      own: { rating: 4, comment: "Crisp and smart.", hidden: false },
    });
    const orderPage = await call(order.loader, request(`/orders/${orderId}`, "buyer"), { id: orderId });
    expect(orderPage.body).toMatchObject({ canRate: true, myRatings: { [PRODUCT]: 4 } });

    const edited = await call(
      apiReviews.action,
      request(`/api/products/${PRODUCT}/reviews`, "buyer", { rating: 5, comment: "Even better after a wash" }, true),
      { id: PRODUCT },
    );
    expect(edited.status).toBe(200);
    expect((await edited.json()).data).toMatchObject({ rating: 5, product: { reviewCount: 167 } });
    const listed = await call(apiReviews.loader, request(`/api/products/${PRODUCT}/reviews?page=1`, "guest"), {
      id: PRODUCT,
    });
    const body = (await listed.json()).data;
    expect(body).toMatchObject({
      reviewCount: 167,
      total: 1,
      reviews: [{ author: "Ayesha", verifiedPurchase: true, rating: 5 }],
    });
    expect(JSON.stringify(body)).not.toContain("Khan");

    const stranger = await call(
      apiReviews.action,
      request(`/api/products/${PRODUCT}/reviews`, "stranger", { rating: 1 }, true),
      { id: PRODUCT },
    );
    expect(stranger.status).toBe(403);
    const owner = await call(
      apiReviews.action,
      request(`/api/products/${PRODUCT}/reviews`, "owner", { rating: 1 }, true),
      { id: PRODUCT },
    );
    expect(owner.status).toBe(403);
    expect(await reviewRows()).toHaveLength(1);
  });

  it("the Reviews tab is the owner's alone: guests sign in, buyers go to their dashboard", async () => {
    const path = "/seller/reviews";
    const [{ id }] = await reviewRows();
    for (const [who, location] of [
      ["guest", /^\/auth\?mode=login/],
      ["buyer", /^\/buyer-dashboard$/],
    ] as const) {
      const page = await call(sellerReviews.loader, request(path, who));
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(location);
      const hide = await call(sellerReviews.action, request(path, who, { intent: "hide", id }));
      expect(hide.status).toBe(302);
    }
    expect((await reviewRows())[0].hiddenAt).toBeNull();
  });

  it("the owner hides a review: gone from the product page, the count drops back; Show brings it back", async () => {
    const path = "/seller/reviews";
    const list = await call(sellerReviews.loader, request(path, "owner"));
    expect(list.body).toMatchObject({
      total: 1,
      hiddenCount: 0,
      reviews: [{ productName: "Oxford Button-Down Shirt", buyerName: "Ayesha Khan", rating: 5 }],
    });
    const id = list.body.reviews[0].id;
    expect((await call(sellerReviews.action, request(path, "owner", { intent: "hide", id }))).body).toEqual({
      ok: true,
      message: "Review of Oxford Button-Down Shirt hidden",
    });
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 166 });
    const page = await call(product.loader, request(`/product/${PRODUCT}`, "guest"), { id: PRODUCT });
    expect(page.body.reviews.total).toBe(0);
    expect((await call(sellerReviews.loader, request(`${path}?show=hidden`, "owner"))).body).toMatchObject({
      total: 1,
      filter: "hidden",
    });
    expect((await call(sellerReviews.loader, request(`${path}?show=visible`, "owner"))).body).toMatchObject({
      total: 0,
      filter: "visible",
    });

    expect((await call(sellerReviews.action, request(path, "owner", { intent: "show", id }))).body.ok).toBe(true);
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 167 });
    const gone = await call(sellerReviews.action, request(path, "owner", { intent: "hide", id: "nope" }));
    expect(gone.status).toBe(200);
    expect(formError(gone.body)).toBe("That review no longer exists");
    const unknown = await call(sellerReviews.action, request(path, "owner", { intent: "delete", id }));
    expect(isRefusal(unknown.body)).toBe(true);
    expect(formError(unknown.body)).toBe("That request was not understood. Please reload the page.");
  });

  it("deleting the buyer's account takes their review away and recounts the product", async () => {
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 167 });
    const res = await auth.handler(
      new Request(`${ORIGIN}/api/auth/delete-user`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: ORIGIN,
          cookie: cookies.buyer,
          [CLIENT_IP_HEADER]: "10.1.0.3",
        },
        body: JSON.stringify({ password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await reviewRows()).toEqual([]);
    expect(await figures()).toEqual({ rating: 4.7, reviewCount: 166 });
  });
});
