// The shopper side the load benches share (bench-load.ts, bench-memory.ts): one request on a
// keep-alive agent, what shoppers browse (read from the seeded shop), buyers made with a session
// the shop accepts, and a buyer's next cart change or checkout. The choices themselves are pure and
// live in bench-load-mix.ts.
import http from "node:http";
import os from "node:os";
import zlib from "node:zlib";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { makeSignature } from "better-auth/crypto";
import type { Db } from "~/db/client.server";
import { cartItems, categories, products, productVariants } from "~/schema";
import { parseEnv } from "~/lib/env.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { withDatabase, type DbTarget } from "./bench-data";
import {
  applySetCookies,
  cartFromAnswer,
  changedQuantity,
  cookieHeader,
  nextBuyerStep,
  orderIdFromAnswer,
  variantToAdd,
  type CartLine,
  type Catalogue,
  type Kind,
  type Outcome,
  type Rand,
  type Variant,
} from "./bench-load-mix";

/** A slow answer is latency; only one that takes longer than this is counted as an error. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An answer: its status (0: none), the body parsed when it is JSON, `text` when asked for, its Set-Cookie headers and Retry-After (s). */
export type Answer = { status: number; body: unknown; setCookies: string[]; text?: string; retryAfter?: number };

/**
 * One request on the keep-alive agent; the body is read whole (and parsed when it is JSON, kept as
 * `text`, decompressed, with `keepText` when it is HTML). Status 0: no answer within
 * REQUEST_TIMEOUT_MS, or none at all.
 */
export function send(
  agent: http.Agent,
  origin: string,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
  { keepText = false } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${urlPath}`,
      {
        agent,
        method,
        headers: {
          ...headers,
          ...(payload !== undefined
            ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }
            : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const type = String(res.headers["content-type"]);
        const json = /json/.test(type);
        const text = keepText && /html/.test(type);
        res.on("data", (c: Buffer) => (json || text) && chunks.push(c));
        res.on("end", () => {
          let parsed: unknown = null;
          if (json) {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {
              parsed = null;
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            setCookies: ([] as string[]).concat(res.headers["set-cookie"] ?? []),
            ...(res.headers["retry-after"] ? { retryAfter: Number(res.headers["retry-after"]) } : {}),
            ...(text ? { text: decoded(Buffer.concat(chunks), res.headers["content-encoding"]) } : {}),
          });
        });
        res.on("error", () => resolve({ status: 0, body: null, setCookies: [] }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: null, setCookies: [] }));
    req.end(payload);
  });
}

/** A body as it was before the shop compressed it (gzip or Brotli); "" when it cannot be decoded. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
    if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
    return encoding ? "" : body.toString("utf8");
  } catch {
    return "";
  }
}

/** What a browser asks for a page with. */
export const BROWSER = {
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, br",
  "user-agent": "kapra-bench-load",
};

// --- The catalogue ------------------------------------------------------------------------------

export type OnSale = Variant & { variantId: number; stock: number };

/** What shoppers browse (categories, words in product names, ids) and what buyers add, read from the seeded shop. */
export async function readCatalogue(db: Db): Promise<{ catalogue: Catalogue; onSale: OnSale[] }> {
  const open = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.comingSoon, false));
  const slugs = open.map((c) => c.slug);
  const active = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.status, "active"), inArray(products.categorySlug, slugs)))
    .orderBy(asc(products.id));
  const words = [...new Set(active.flatMap((p) => p.name.split(/\s+/)).filter((w) => /^[A-Za-z]{4,}$/.test(w)))].slice(
    0,
    40,
  );
  const onSale = await db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, "active"), inArray(products.categorySlug, slugs), sql`${productVariants.stock} > 0`))
    .orderBy(asc(productVariants.id));
  return {
    catalogue: {
      categories: slugs,
      // Mostly words from product names, a few that find nothing (what shoppers also type).
      searchTerms: [...words.map((w) => w.toLowerCase()), "kurta", "lawn suit", "shalwar", "silk dupatta", "black"],
      productIds: active.map((p) => p.id),
      pages: Math.max(1, Math.ceil(active.length / 12)),
    },
    onSale,
  };
}

// --- Buyers -------------------------------------------------------------------------------------

/** A signed-in buyer: cookies, the cart as the shop last showed it, and the orders they placed (the last few). */
export type Buyer = {
  n: number;
  jar: Map<string, string>;
  cart: CartLine[];
  checkoutRefused: boolean;
  busy: boolean;
  phone: string;
  orderIds: string[];
};

/** A distinct Pakistani mobile number per buyer, as 200 real buyers would have. */
export const newBuyer = (n: number, jar: Map<string, string>): Buyer => ({
  n,
  jar,
  cart: [],
  checkoutRefused: false,
  busy: false,
  phone: `0300 ${String(1000000 + n).slice(-7)}`,
  orderIds: [],
});

/** Buyer 0 signs up through the real /api/auth/sign-up/email, as a shopper does. */
export async function signUp(agent: http.Agent, origin: string, runId: string, password: string): Promise<Buyer> {
  const answer = await send(
    agent,
    origin,
    "POST",
    "/api/auth/sign-up/email",
    { origin },
    {
      name: "Load Buyer 0",
      email: `load-buyer-${runId}-0@shop.test`,
      password,
    },
  );
  if (answer.status !== 200) throw new Error(`Sign-up failed: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  const jar = applySetCookies(new Map(), answer.setCookies);
  if (!jar.size) throw new Error("Sign-up set no session cookie");
  return newBuyer(0, jar);
}

/**
 * Buyers `from` to `to - 1`, made directly with better-auth's own adapter (account and database
 * session) and a session cookie signed with the shop's secret `authSecret`, as sign-in would set it:
 * hundreds of password hashes over HTTP take minutes on a busy machine and measure nothing a load
 * bench is about. Each comes back with one line in the cart from an earlier visit, the variant
 * `firstLine(n)` names (none when it answers null), so checkouts start in the first seconds. Run it before the shop starts
 * (PGlite's folder is the shop's alone while it runs).
 */
export async function makeBuyers(
  target: DbTarget,
  {
    from,
    to,
    authSecret,
    runId,
    firstLine,
  }: { from: number; to: number; authSecret: string; runId: string; firstLine: (n: number) => OnSale | null },
): Promise<Buyer[]> {
  return withDatabase(target, async (db) => {
    const env = parseEnv({
      ...process.env,
      DATABASE_URL: target.databaseUrl ?? "",
      DATA_DIR: target.dataDir || os.tmpdir(),
      PUBLIC_URL: "",
      BETTER_AUTH_SECRET: authSecret,
    });
    const ctx = await createShopAuth({ db, env, secret: authSecret }).$context;
    const prices = new Map(
      (await db.select({ id: products.id, price: products.price }).from(products)).map((p) => [p.id, p.price]),
    );
    const buyers: Buyer[] = [];
    for (let n = from; n < to; n++) {
      const user = await ctx.internalAdapter.createUser(
        { name: `Load Buyer ${n}`, email: `load-buyer-${runId}-${n}@shop.test`, emailVerified: false },
        { method: "admin" },
      );
      const session = await ctx.internalAdapter.createSession(user.id);
      const signed = encodeURIComponent(`${session.token}.${await makeSignature(session.token, authSecret)}`);
      const buyer = newBuyer(n, new Map([[ctx.authCookies.sessionToken.name, signed]]));
      const v = firstLine(n);
      if (!v) {
        buyers.push(buyer);
        continue;
      }
      const [line] = await db
        .insert(cartItems)
        .values({
          userId: user.id,
          productId: v.productId,
          variantId: v.variantId,
          quantity: 1,
          priceWhenAdded: prices.get(v.productId) ?? 0,
        })
        .returning({ id: cartItems.id });
      buyer.cart = [{ id: line.id, productId: v.productId, color: v.color, size: v.size, quantity: 1, stock: v.stock }];
      buyers.push(buyer);
    }
    return buyers;
  });
}

/** How many of a buyer's own orders are remembered (for their order pages). */
const ORDERS_KEPT = 5;

/**
 * One cart step of a buyer who is not busy (nextBuyerStep: add, change a quantity, remove a line,
 * clear, or a cash-on-delivery checkout), recorded with `record` (which classifies the answer); the
 * buyer's cookies, cart and orders follow the answer. Returns the id of the order a checkout placed,
 * or null.
 */
export async function buyerStep(c: {
  agent: http.Agent;
  origin: string;
  buyers: Buyer[];
  scarce: readonly Variant[];
  others: readonly Variant[];
  rand: Rand;
  idempotencyKey: () => string;
  record: (kind: Kind, started: number, answer: Answer, what: string) => Outcome;
}): Promise<string | null> {
  const { agent, origin, rand } = c;
  const free = c.buyers.filter((b) => !b.busy);
  if (!free.length) return null;
  const buyer = free[Math.floor(rand() * free.length)];
  buyer.busy = true;
  try {
    const headers = () => ({ origin, cookie: cookieHeader(buyer.jar), accept: "application/json" });
    const step = nextBuyerStep(rand, buyer.cart, buyer.checkoutRefused);
    const started = performance.now();
    let answer: Answer;
    let kind: Kind = "cart";
    let what: string = step;
    if (step === "add") {
      const { variant, quantity } = variantToAdd(rand, c.scarce, c.others);
      answer = await send(agent, origin, "POST", "/api/cart/items", headers(), { ...variant, quantity });
      what = `POST /api/cart/items ${variant.productId}`;
    } else if (step === "change") {
      const line = buyer.cart[Math.floor(rand() * buyer.cart.length)];
      answer = await send(agent, origin, "PATCH", `/api/cart/items/${line.id}`, headers(), {
        quantity: changedQuantity(rand, line.quantity),
      });
      what = "PATCH /api/cart/items/{id}";
    } else if (step === "remove") {
      const line = buyer.cart[Math.floor(rand() * buyer.cart.length)];
      answer = await send(agent, origin, "DELETE", `/api/cart/items/${line.id}`, headers());
      what = "DELETE /api/cart/items/{id}";
    } else if (step === "clear") {
      answer = await send(agent, origin, "DELETE", "/api/cart", headers());
      what = "DELETE /api/cart";
    } else {
      kind = "checkout";
      answer = await send(
        agent,
        origin,
        "POST",
        "/api/orders",
        { ...headers(), "idempotency-key": c.idempotencyKey() },
        {
          shipping: {
            fullName: `Load Buyer ${buyer.n}`,
            email: `load-buyer-${buyer.n}@shop.test`,
            phone: buyer.phone,
            address: "House 12, Street 4, Gulberg III",
            city: "Lahore",
            postalCode: "54000",
          },
          paymentMethod: "cod",
        },
      );
      what = "POST /api/orders";
    }
    const outcome = c.record(kind, started, answer, what);
    buyer.jar = applySetCookies(buyer.jar, answer.setCookies);
    if (kind === "checkout") {
      const id = answer.status === 201 ? orderIdFromAnswer(answer.body) : null;
      if (answer.status === 201) buyer.cart = [];
      buyer.checkoutRefused = outcome === "refused";
      if (id) buyer.orderIds = [...buyer.orderIds, id].slice(-ORDERS_KEPT);
      return id;
    }
    if (outcome === "ok") {
      buyer.cart = step === "clear" ? [] : (cartFromAnswer(answer.body) ?? buyer.cart);
      buyer.checkoutRefused = false;
    }
    return null;
  } finally {
    buyer.busy = false;
  }
}
