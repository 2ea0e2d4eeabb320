import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, products, productVariants } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import { fieldErrors, type FormReply } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { placeOrder } from "~/flows/place-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { jpegImage, multipartRequest, pngImage, textFile } from "../../../../tests/factories/test-images";
import * as apiProduct from "../../api/product";
import * as apiProductImages from "../../api/product-images";
import * as apiProducts from "../../api/products";
import * as productForm from "./product-form";
import * as inventory from "./products";
import { TEST_AUTH_SECRET } from "../../../../tests/factories/test-secret";

const ORIGIN = "http://shop.test";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: "54000",
  country: "Pakistan" as const,
};

type Who = "guest" | "buyer" | "seller";

/** The route modules' answers: a Response (redirect, API), or `data()` with its status. */
type Answer = Response | { type: string; data: unknown; init: { status?: number } | null };
const statusOf = (a: Answer) => (a instanceof Response ? a.status : (a.init?.status ?? 200));
const flashOf = async (res: Response) =>
  (await takeFlash(new Request(ORIGIN, { headers: { cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] } })))
    .flash;
const dataOf = <T = Record<string, unknown>>(a: Answer) => (a instanceof Response ? null : (a.data as T));

describe.each(DATABASE_KINDS)("the Products tab and the product API on %s, page by page and call by call", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  const cookies: Record<Who, string> = { guest: "", buyer: "", seller: "" };
  let buyerId = "";
  const context = () => ({ db: database.db, auth, env: {} }) as never;
  const db = () => database.db;

  const signIn = async (email: string, password: string) => {
    const res = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.1.1" },
        body: JSON.stringify({ email, password }),
      }),
    );
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };

  beforeAll(async () => {
    const secret = TEST_AUTH_SECRET;
    auth = createShopAuth({
      db: database.db,
      env: {
        PUBLIC_URL: undefined,
        GOOGLE_CLIENT_ID: undefined,
        GOOGLE_CLIENT_SECRET: undefined,
        SIGN_IN_RATE_LIMIT: 1000,
      },
      secret,
    });
    const signUp = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.1.2" },
        body: JSON.stringify({ name: "Bilal", email: "bilal@example.pk", password: "longpassword" }),
      }),
    );
    cookies.buyer = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    buyerId = ((await signUp.json()) as { user: { id: string } }).user.id;
    await createSeller(auth, database.db, { email: "owner@example.pk", password: "ownerpassword", name: "Owner" });
    cookies.seller = await signIn("owner@example.pk", "ownerpassword");
  }, 300_000);

  const headers = (who: Who, extra: Record<string, string> = {}) => ({
    ...(cookies[who] ? { cookie: cookies[who] } : {}),
    ...extra,
  });
  const formPost = (path: string, who: Who, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: headers(who, { "content-type": "application/x-www-form-urlencoded" }),
      body,
    });
  };
  const json = (path: string, method: string, who: Who, body?: unknown) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: headers(who, { "content-type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Runs a loader or action; a thrown redirect or error Response is its answer too. */
  const run = async (fn: () => Promise<unknown>): Promise<Answer> => {
    try {
      return (await fn()) as Answer;
    } catch (error) {
      if (error instanceof Response) return error;
      if (error && typeof error === "object" && "init" in error) return error as Answer;
      throw error;
    }
  };
  const productCount = async () => (await db().select({ id: products.id }).from(products)).length;
  const statusOfProduct = async (id: string) =>
    (await db().select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;

  const fullForm = async (
    who: Who,
    name: string,
    extra: [string, string | { name: string; bytes: Buffer; type: string }][] = [],
  ) =>
    multipartRequest(
      `${ORIGIN}/seller/products/new`,
      [
        ["intent", "publish"],
        ["name", name],
        ["category", "t-shirts"],
        ["description", "Soft cotton."],
        ["price", "1499"],
        ["originalPrice", ""],
        ["stock", "5"],
        ["color", "Black"],
        ["color", "White"],
        ["size", "M"],
        ["size", "L"],
        ["stock:Black/M", "2"],
        ["feature", "Soft"],
        ["tags", "cotton, basics"],
        ["photos", { name: "front.png", bytes: await pngImage(), type: "image/png" }],
        ["photos", { name: "back.jpg", bytes: await jpegImage(), type: "image/jpeg" }],
        ...extra,
      ],
      headers(who),
    );

  describe("pages", () => {
    it("sends a guest to sign in and a buyer to their own dashboard, from every page and every post, changing nothing", async () => {
      const before = await productCount();
      const pages = [
        (who: Who) =>
          run(() =>
            inventory.loader({
              request: new Request(`${ORIGIN}/seller/products`, { headers: headers(who) }),
              context: context(),
              params: {},
            } as never),
          ),
        (who: Who) =>
          run(() =>
            productForm.loader({
              request: new Request(`${ORIGIN}/seller/products/new`, { headers: headers(who) }),
              context: context(),
              params: {},
            } as never),
          ),
        (who: Who) =>
          run(() =>
            productForm.loader({
              request: new Request(`${ORIGIN}/seller/products/essential-crew-neck-tee/edit`, { headers: headers(who) }),
              context: context(),
              params: { id: "essential-crew-neck-tee" },
            } as never),
          ),
        (who: Who) =>
          run(() =>
            inventory.action({
              request: formPost("/seller/products", who, { intent: "delete", id: "essential-crew-neck-tee" }),
              context: context(),
              params: {},
            } as never),
          ),
        (who: Who) =>
          run(() =>
            inventory.action({
              request: formPost("/seller/products", who, { intent: "deactivate", id: "essential-crew-neck-tee" }),
              context: context(),
              params: {},
            } as never),
          ),
        async (who: Who) =>
          run(async () =>
            productForm.action({ request: await fullForm(who, "Sneaky Tee"), context: context(), params: {} } as never),
          ),
        async (who: Who) =>
          run(async () =>
            productForm.action({
              request: await fullForm(who, "Sneaky Edit"),
              context: context(),
              params: { id: "essential-crew-neck-tee" },
            } as never),
          ),
      ];
      for (const page of pages) {
        const guest = (await page("guest")) as Response;
        expect(guest.status).toBe(302);
        expect(guest.headers.get("location")).toMatch(/^\/auth\?mode=login&redirectTo=%2Fseller%2Fproducts/);
        const buyer = (await page("buyer")) as Response;
        expect(buyer.status).toBe(302);
        expect(buyer.headers.get("location")).toBe("/buyer-dashboard");
      }
      expect(await productCount()).toBe(before);
      expect(await statusOfProduct("essential-crew-neck-tee")).toBe("active");
    });

    it("adds a product with two photos and a stock grid, then answers with a fresh form and 'Product added successfully!'", async () => {
      const answer = (await run(async () =>
        productForm.action({
          request: await fullForm("seller", "Route Tee", [["weightGrams", "280"]]),
          context: context(),
          params: {},
        } as never),
      )) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/seller/products/new");
      expect(await flashOf(answer)).toEqual({ type: "success", message: "Product added successfully!" });
      const [row] = await db().select().from(products).where(eq(products.name, "Route Tee"));
      expect(row).toMatchObject({ status: "active", price: 1499, tags: ["cotton", "basics"], weightGrams: 280 });
      // The edit form shows the weight per piece as saved.
      const edit = (await run(() =>
        productForm.loader({
          request: new Request(`${ORIGIN}/seller/products/${row.id}/edit`, { headers: headers("seller") }),
          context: context(),
          params: { id: row.id },
        } as never),
      )) as unknown as { values: { weightGrams: string } };
      expect(edit.values.weightGrams).toBe("280");
      const variants = await db()
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, row.id))
        .orderBy(productVariants.position);
      expect(variants.map((v) => `${v.color}/${v.size}=${v.stock}`)).toEqual([
        "Black/M=2",
        "Black/L=5",
        "White/M=5",
        "White/L=5",
      ]);
    });

    it("adds a product whose stock the owner typed colour by colour, size by size, with Stock Quantity left empty", async () => {
      const form = async (name: string, cells: [string, string][]) =>
        multipartRequest(
          `${ORIGIN}/seller/products/new`,
          [
            ["intent", "publish"],
            ["name", name],
            ["category", "t-shirts"],
            ["description", "Soft cotton."],
            ["price", "1499"],
            ["originalPrice", ""],
            ["stock", ""],
            ["color", "Black"],
            ["color", "White"],
            ["size", "M"],
            ["size", "L"],
            ...cells,
            ["feature", "Soft"],
            ["tags", ""],
            ["photos", { name: "front.png", bytes: await pngImage(), type: "image/png" }],
          ],
          headers("seller"),
        );
      const every: [string, string][] = [
        ["stock:Black/M", "2"],
        ["stock:Black/L", "3"],
        ["stock:White/M", "0"],
        ["stock:White/L", "7"],
      ];

      // One cell left empty: its stock is unknown, so Stock Quantity is asked for, beside its field, and nothing is saved.
      const before = await productCount();
      const partial = await run(async () =>
        productForm.action({
          request: await form("Grid Tee", every.slice(1)),
          context: context(),
          params: {},
        } as never),
      );
      expect(statusOf(partial)).toBe(400);
      expect(dataOf(partial)).toMatchObject({
        status: "error",
        error: { stock: ["Valid stock quantity is required"] },
        initialValue: { name: "Grid Tee", grid: { "Black/L": "3", "White/M": "0", "White/L": "7" } },
      });
      expect(await productCount()).toBe(before);

      const answer = (await run(async () =>
        productForm.action({ request: await form("Grid Tee", every), context: context(), params: {} } as never),
      )) as Response;
      expect(answer.status).toBe(302);
      expect(await flashOf(answer)).toEqual({ type: "success", message: "Product added successfully!" });
      const [row] = await db().select().from(products).where(eq(products.name, "Grid Tee"));
      const variants = await db()
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, row.id))
        .orderBy(productVariants.position);
      expect(variants.map((v) => `${v.color}/${v.size}=${v.stock}`)).toEqual([
        "Black/M=2",
        "Black/L=3",
        "White/M=0",
        "White/L=7",
      ]);
    });

    it("refuses bad input beside each field, keeps every typed value and the photos already uploaded, and saves nothing", async () => {
      const before = await productCount();
      const request = multipartRequest(
        `${ORIGIN}/seller/products/new`,
        [
          ["intent", "publish"],
          ["name", ""],
          ["category", "t-shirts"],
          ["description", "Kept description"],
          ["price", "1299.50"],
          ["originalPrice", "100"],
          ["stock", "-1"],
          ["feature", "Kept feature"],
          ["tags", "kept, tags"],
          ["weightGrams", "0.5"],
          ["photos", { name: "front.png", bytes: await pngImage(), type: "image/png" }],
          ["photos", { name: "photo.jpg", bytes: textFile, type: "image/jpeg" }],
        ],
        headers("seller"),
      );
      const answer = await run(() => productForm.action({ request, context: context(), params: {} } as never));
      expect(statusOf(answer)).toBe(400);
      const body = dataOf<{
        initialValue: {
          description: string;
          price: string;
          features: string[];
          tags: string;
          images: unknown[];
          weightGrams: string;
        };
        error: Record<string, string[]>;
      }>(answer)!;
      expect(fieldErrors(dataOf<FormReply>(answer))).toMatchObject({
        images: "photo.jpg is not an image",
        name: "Product name is required",
        stock: "Valid stock quantity is required",
        weightGrams: "Weight must be a whole number of grams from 1 to 50,000, or empty",
      });
      expect(body.initialValue.images).toHaveLength(1);
      expect(body.initialValue).toMatchObject({
        description: "Kept description",
        price: "1299.50",
        features: ["Kept feature"],
        tags: "kept, tags",
        weightGrams: "0.5",
      });

      // Sent again with the kept photo, the rule's messages come beside each field.
      const again = new URLSearchParams();
      for (const [k, v] of [
        ["intent", "publish"],
        ["name", ""],
        ["category", "t-shirts"],
        ["description", ""],
        ["price", "1299.50"],
        ["originalPrice", "100"],
        ["stock", "-1"],
        ["image", JSON.stringify(body.initialValue.images[0])],
      ])
        again.append(k, v);
      const second = await run(() =>
        productForm.action({
          request: new Request(`${ORIGIN}/seller/products/new`, {
            method: "POST",
            headers: headers("seller", { "content-type": "application/x-www-form-urlencoded" }),
            body: again,
          }),
          context: context(),
          params: {},
        } as never),
      );
      expect(statusOf(second)).toBe(400);
      expect(fieldErrors(dataOf<FormReply>(second))).toEqual({
        name: "Product name is required",
        description: "Description is required",
        price: "Price must be in whole rupees (no paisa)",
        originalPrice: "Original price must be more than the price",
        stock: "Valid stock quantity is required",
        colors: "At least one color is required",
        sizes: "At least one size is required",
      });
      expect(await productCount()).toBe(before);
    });

    it("says 'Failed to add product. Please try again.' (keeping the form) and 'Failed to delete product. Please try again.' when the database fails", async () => {
      const broken = new Proxy(database.db, {
        get: (target, prop) =>
          prop === "transaction" ? () => Promise.reject(new Error("database went away")) : Reflect.get(target, prop),
      });
      const brokenContext = { db: broken, auth, env: {} } as never;
      const valid = new URLSearchParams();
      for (const [k, v] of [
        ["intent", "draft"],
        ["name", "Kept Name"],
        ["category", "t-shirts"],
        ["price", "999"],
      ])
        valid.append(k, v);
      const answer = await run(() =>
        productForm.action({
          request: new Request(`${ORIGIN}/seller/products/new`, {
            method: "POST",
            headers: headers("seller", { "content-type": "application/x-www-form-urlencoded" }),
            body: valid,
          }),
          context: brokenContext,
          params: {},
        } as never),
      );
      expect(statusOf(answer)).toBe(500);
      expect(dataOf(answer)).toMatchObject({
        status: "error",
        error: { "": ["Failed to add product. Please try again."] },
        initialValue: { name: "Kept Name", price: "999" },
      });

      const deleted = (await run(() =>
        inventory.action({
          request: formPost("/seller/products", "seller", { intent: "delete", id: "cargo-shorts" }),
          context: brokenContext,
          params: {},
        } as never),
      )) as Response;
      expect(deleted.status).toBe(302);
      expect(await flashOf(deleted)).toEqual({ type: "error", message: "Failed to delete product. Please try again." });
      expect(await statusOfProduct("cargo-shorts")).toBe("active");
    });

    it("toggles a colour without JavaScript: the form comes back changed, nothing is saved", async () => {
      const before = await productCount();
      const answer = await run(() =>
        productForm.action({
          request: formPost("/seller/products/new", "seller", {
            intent: "toggle-color:Navy",
            name: "Typed",
            color: ["Black"],
            size: ["M"],
          }),
          context: context(),
          params: {},
        } as never),
      );
      expect(statusOf(answer)).toBe(200);
      expect(dataOf<{ values: { name: string; colors: string[] } }>(answer)!.values).toMatchObject({
        name: "Typed",
        colors: ["Black", "Navy"],
      });
      expect(await productCount()).toBe(before);
    });

    it("deletes from the inventory: an ordered product is archived and its order keeps the item; deactivate hides it from shoppers", async () => {
      await placeOrder(
        { db: db() },
        {
          userId: buyerId,
          items: [{ productId: "essential-crew-neck-tee", color: "Black", size: "M", quantity: 1 }],
          shipping: SHIPPING,
        },
      );
      const answer = (await run(() =>
        inventory.action({
          request: formPost("/seller/products", "seller", {
            intent: "delete",
            id: "essential-crew-neck-tee",
            returnTo: "/seller/products?sort=name",
          }),
          context: context(),
          params: {},
        } as never),
      )) as Response;
      expect(answer.headers.get("location")).toBe("/seller/products?sort=name");
      expect(await statusOfProduct("essential-crew-neck-tee")).toBe("archived");
      expect(
        (await db().select().from(orderItems).where(eq(orderItems.productId, "essential-crew-neck-tee")))[0],
      ).toMatchObject({ name: "Essential Crew Neck Tee" });

      const offSite = (await run(() =>
        inventory.action({
          request: formPost("/seller/products", "seller", {
            intent: "deactivate",
            id: "heavyweight-oversized-tee",
            returnTo: "https://evil.example",
          }),
          context: context(),
          params: {},
        } as never),
      )) as Response;
      expect(offSite.headers.get("location")).toBe("/seller/products");
      expect(await statusOfProduct("heavyweight-oversized-tee")).toBe("draft");
      // A page loaded before the owner pages moved under /seller posts its old address: back to the same view.
      const fromOldPage = (await run(() =>
        inventory.action({
          request: formPost("/seller/products", "seller", {
            intent: "activate",
            id: "heavyweight-oversized-tee",
            returnTo: "/seller-dashboard/products?status=draft",
          }),
          context: context(),
          params: {},
        } as never),
      )) as Response;
      expect(fromOldPage.headers.get("location")).toBe("/seller/products?status=draft");
      expect(await statusOfProduct("heavyweight-oversized-tee")).toBe("active");
    });
  });

  describe("API", () => {
    const draft = {
      name: "API Tee",
      category: "t-shirts",
      description: "From the API",
      price: 1800,
      stock: 4,
      colors: ["Black"],
      sizes: ["M", "L"],
      status: "draft",
    };

    it("answers 401 to a guest and 403 with SPEC.md's words to a buyer, changing nothing", async () => {
      const before = await productCount();
      const call = (who: Who) => ({
        create: () =>
          apiProducts.action({
            request: json("/api/products", "POST", who, draft),
            context: context(),
            params: {},
          } as never),
        update: () =>
          apiProduct.action({
            request: json("/api/products/shalwar", "PATCH", who, { price: 1 }),
            context: context(),
            params: { id: "heavyweight-oversized-tee" },
          } as never),
        remove: () =>
          apiProduct.action({
            request: json("/api/products/x", "DELETE", who),
            context: context(),
            params: { id: "heavyweight-oversized-tee" },
          } as never),
        images: async () =>
          apiProductImages.action({
            request: multipartRequest(
              `${ORIGIN}/api/products/x/images`,
              [["images", { name: "a.png", bytes: await pngImage(), type: "image/png" }]],
              headers(who),
            ),
            context: context(),
            params: { id: "heavyweight-oversized-tee" },
          } as never),
      });
      for (const fn of Object.values(call("guest"))) expect(((await fn()) as Response).status).toBe(401);
      const buyer = call("buyer");
      const expectForbidden = async (res: Response, message: string) => {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message } });
      };
      await expectForbidden((await buyer.create()) as Response, "Only sellers can add products");
      await expectForbidden((await buyer.update()) as Response, "Only sellers can update products");
      await expectForbidden((await buyer.remove()) as Response, "Only sellers can delete products");
      await expectForbidden((await buyer.images()) as Response, "Only sellers can update products");
      expect(await productCount()).toBe(before);
      expect(await statusOfProduct("heavyweight-oversized-tee")).toBe("active");
    });

    it("creates a draft by JSON, adds photos by multipart, publishes it by PATCH, and deletes it", async () => {
      const created = (await apiProducts.action({
        request: json("/api/products", "POST", "seller", draft),
        context: context(),
        params: {},
      } as never)) as Response;
      expect(created.status).toBe(201);
      const { data: product } = (await created.json()) as {
        data: { id: string; status: string; variants: unknown[]; images: string[] };
      };
      expect(product).toMatchObject({
        status: "draft",
        variants: [
          { color: "Black", size: "M", stock: 4 },
          { color: "Black", size: "L", stock: 4 },
        ],
        images: [],
      });
      expect(
        ((await apiProduct.loader({ params: { id: product.id }, context: context() } as never)) as Response).status,
      ).toBe(404);

      const refused = (await apiProductImages.action({
        request: multipartRequest(
          `${ORIGIN}/api/products/${product.id}/images`,
          [["images", { name: "photo.jpg", bytes: textFile, type: "image/jpeg" }]],
          headers("seller"),
        ),
        context: context(),
        params: { id: product.id },
      } as never)) as Response;
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { code: "VALIDATION", fields: { images: "photo.jpg is not an image" } },
      });

      const withImages = (await apiProductImages.action({
        request: multipartRequest(
          `${ORIGIN}/api/products/${product.id}/images`,
          [["images", { name: "a.png", bytes: await pngImage(), type: "image/png" }]],
          headers("seller"),
        ),
        context: context(),
        params: { id: product.id },
      } as never)) as Response;
      expect(withImages.status).toBe(201);
      expect(((await withImages.json()) as { data: { images: string[] } }).data.images).toHaveLength(1);

      const bad = (await apiProduct.action({
        request: json(`/api/products/${product.id}`, "PATCH", "seller", { status: "active", price: 0 }),
        context: context(),
        params: { id: product.id },
      } as never)) as Response;
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: "VALIDATION", fields: { price: "Valid price is required" } },
      });

      const published = (await apiProduct.action({
        request: json(`/api/products/${product.id}`, "PATCH", "seller", { status: "active", price: 1700 }),
        context: context(),
        params: { id: product.id },
      } as never)) as Response;
      expect(published.status).toBe(200);
      expect(((await published.json()) as { data: { status: string; price: number } }).data).toMatchObject({
        status: "active",
        price: 1700,
      });
      expect(
        ((await apiProduct.loader({ params: { id: product.id }, context: context() } as never)) as Response).status,
      ).toBe(200);

      const removed = (await apiProduct.action({
        request: json(`/api/products/${product.id}`, "DELETE", "seller"),
        context: context(),
        params: { id: product.id },
      } as never)) as Response;
      expect(await removed.json()).toEqual({ data: { id: product.id, outcome: "deleted" } });
    });

    it("creates an active product in one multipart call, and refuses an incomplete one with fields", async () => {
      const request = multipartRequest(
        `${ORIGIN}/api/products`,
        [
          ["product", JSON.stringify({ ...draft, name: "Multipart Tee", status: "active" })],
          ["images", { name: "a.png", bytes: await pngImage(), type: "image/png" }],
          ["images", { name: "b.jpg", bytes: await jpegImage(), type: "image/jpeg" }],
        ],
        headers("seller"),
      );
      const res = (await apiProducts.action({ request, context: context(), params: {} } as never)) as Response;
      expect(res.status).toBe(201);
      expect(((await res.json()) as { data: { status: string; images: string[] } }).data).toMatchObject({
        status: "active",
        images: [expect.stringMatching(/^\/media\//), expect.stringMatching(/^\/media\//)],
      });

      const incomplete = (await apiProducts.action({
        request: json("/api/products", "POST", "seller", { name: "No Photos", category: "t-shirts", price: 100 }),
        context: context(),
        params: {},
      } as never)) as Response;
      expect(incomplete.status).toBe(400);
      expect(((await incomplete.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
        images: "At least one image is required",
        description: "Description is required",
      });
    });
  });
});
