import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import { cartItems, contactMessages, productVariants, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { placeOrder } from "~/flows/place-order.server";
import { loadUnsubscribeSecret } from "~/modules/notify-me/unsubscribe-token.server";
import { callRoute, routeContext, signInCookie, TEST_ORIGIN } from "../factories/route-calls";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "../factories/test-database";

export const FUZZ_PASSWORD = "fuzzing-owner-passphrase-2026";
/** Runs per property: enough to meet every kind of hostile value a few times, fast enough for CI. */
export const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 15);

export type Who = "guest" | "buyer" | "seller";

/** A seeded shop with a seller, a buyer with a cart and an order, and a contact message. */
export type FuzzShop = {
  database: TestDatabase;
  context: AppLoadContext;
  auth: Auth;
  cookies: Record<Exclude<Who, "guest">, string>;
  ids: {
    buyer: string;
    seller: string;
    product: string;
    cartItem: string;
    order: string;
    orderNumber: string;
    message: string;
  };
};

export async function openFuzzShop(kind: DatabaseKind): Promise<FuzzShop> {
  const database = await createTestDatabase(kind, "catalogue");
  const { auth, context } = await routeContext(database.db);
  const seller = (
    await createSeller(auth, database.db, { email: "owner@fuzz.pk", password: FUZZ_PASSWORD, name: "Owner" })
  ).userId;
  await auth.handler(
    new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.9.0.1" },
      body: JSON.stringify({ name: "Bilal", email: "buyer@fuzz.pk", password: FUZZ_PASSWORD }),
    }),
  );
  const [{ id: buyer }] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = 'buyer@fuzz.pk'`);
  const [variant] = await database.db
    .select()
    .from(productVariants)
    .where(sql`${productVariants.stock} > 5`)
    .limit(1);
  const order = await placeOrder(
    { db: database.db },
    {
      userId: buyer,
      items: [{ productId: variant.productId, color: variant.color, size: variant.size, quantity: 1 }],
      shipping: {
        fullName: "Bilal Ahmed",
        email: "buyer@fuzz.pk",
        phone: "03001234567",
        city: "Lahore",
        address: "House 1, Street 2, Gulberg",
        postalCode: null,
        country: "Pakistan",
      },
    },
  );
  const [line] = await database.db
    .insert(cartItems)
    .values({ userId: buyer, productId: variant.productId, variantId: variant.id, quantity: 1, priceWhenAdded: 1 })
    .returning();
  const [message] = await database.db
    .insert(contactMessages)
    .values({ name: "Sana", email: "sana@x.pk", subject: "Size", message: "Hello" })
    .returning();
  // Made on first use by the unsubscribe page: made here, so a refused link is seen to change nothing.
  await loadUnsubscribeSecret(database.db);
  const cookies = {
    buyer: await signInCookie(auth, "buyer@fuzz.pk", FUZZ_PASSWORD),
    seller: await signInCookie(auth, "owner@fuzz.pk", FUZZ_PASSWORD),
  };
  return {
    database,
    context,
    auth,
    cookies,
    ids: {
      buyer,
      seller,
      product: variant.productId,
      cartItem: line.id,
      order: order.orderId,
      orderNumber: order.orderNumber,
      message: String(message.id),
    },
  };
}

/** Tables that change on every read (sessions slide, rate-limit counters count refused attempts too, view counts): not compared. */
const VOLATILE = new Set([
  "sessions",
  "session",
  "rate_limits",
  "rate_limit",
  "rate_limit_counters",
  "verifications",
  "verification",
  "__drizzle_migrations",
]);

/** The expression whose text stands for a row of `name` in the snapshot. */
function rowText(name: string): string {
  // Photos are content-addressed: their key says what the bytes are, without hashing megabytes.
  if (name === "media_files") return "t.key";
  if (name === "products") return `(to_jsonb(t) - 'views' - 'updated_at')::text`;
  if (name === "users") return `(to_jsonb(t) - 'updated_at')::text`;
  return "t::text";
}

/** Per database: the one query that hashes every table, built once from the tables the migrations made. */
const snapshotQueries = new WeakMap<object, string>();
const TABLE_LIST = `select coalesce(string_agg(table_name::text, ',' order by table_name), '') from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
/**
 * The last snapshot taken of each shop, kept until the next request (`call` forgets it): the
 * snapshot "before" a request is then the one taken "after" the request before it, when nothing
 * was sent in between. That halves the snapshots a fuzz file takes; the suite sends every request
 * through `call`, and a test that writes to the database itself must call forgetSnapshot.
 */
const lastSnapshot = new WeakMap<FuzzShop, Record<string, string>>();
export function forgetSnapshot(shop: FuzzShop): void {
  lastSnapshot.delete(shop);
}

/**
 * Everything a request could change: a hash of every row of every table (the catalogue's view
 * counters aside). Equal snapshots mean nothing changed. One query per snapshot (the fuzz files take
 * over a thousand, and one query per table made them most of the fuzz suite's time); the list of
 * tables is part of the answer, so a table made or dropped shows as a change too.
 */
export async function snapshot(shop: FuzzShop): Promise<Record<string, string>> {
  const known = lastSnapshot.get(shop);
  if (known) return { ...known };
  const db = shop.database.db;
  let query = snapshotQueries.get(db);
  if (!query) {
    const [{ tables }] = (
      (await db.execute(sql.raw(`select (${TABLE_LIST}) as tables`))) as unknown as { rows: { tables: string }[] }
    ).rows;
    const parts = tables
      .split(",")
      .filter((name) => name && !VOLATILE.has(name))
      .map((name) => {
        const row = rowText(name);
        const quoted = name.replaceAll("'", "''");
        return `select '${quoted}' as name, (select count(*)::int || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') from "${name}" t) as h`;
      });
    parts.push(`select '(tables)' as name, (${TABLE_LIST}) as h`);
    query = parts.join(" union all ");
    snapshotQueries.set(db, query);
  }
  const { rows } = (await db.execute(sql.raw(query))) as unknown as { rows: { name: string; h: string }[] };
  const out: Record<string, string> = {};
  for (const { name, h } of rows) out[name] = h;
  lastSnapshot.set(shop, out);
  return { ...out };
}

export type Answer = { status: number; body: unknown; refused: boolean };

/** What a loader or action answered, whatever its form: a Response, `data()` or a plain object. */
export async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* a page or plain text */
    }
    return { status: result.status, body, refused: result.status >= 400 };
  }
  if (isDataWithInit(result)) {
    const { data, init } = result as { data: unknown; init?: { status?: number } | null };
    const status = init?.status ?? 200;
    return { status, body: data, refused: status >= 400 || refusedInBody(data) };
  }
  return { status: 200, body: result, refused: refusedInBody(result) };
}

function refusedInBody(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  return (
    b.ok === false ||
    // The one form shape (app/lib/form-reply.ts): a refusal answered with status 200.
    b.status === "error" ||
    Boolean(b.formError) ||
    Boolean(b.fieldErrors) ||
    (typeof b.fields === "object" && b.fields !== null && Object.keys(b.fields).length > 0)
  );
}

/** A request as the browser of `who` sends it. */
export function buildRequest(
  shop: FuzzShop,
  who: Who,
  path: string,
  init: { method?: string; body?: BodyInit; contentType?: string } = {},
): Request {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.9.0.9" };
  if (who !== "guest") headers.cookie = shop.cookies[who];
  if (init.contentType) headers["content-type"] = init.contentType;
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body,
  });
}

export function formBody(entries: [string, string][]): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

/** Calls the route function; a thrown error (what React Router turns into a 500) fails with the input. */
export async function call(
  shop: FuzzShop,
  fn: Parameters<typeof callRoute>[0],
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  forgetSnapshot(shop);
  try {
    return await answerOf(await callRoute(fn, { request, context: shop.context, params }));
  } catch (thrown) {
    // A thrown `data(message, { status })` is React Router's error response with that status.
    if (isDataWithInit(thrown)) return answerOf(thrown);
    throw thrown;
  }
}

function isDataWithInit(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit");
}

/** The API's error shape (docs/api.md). */
export function expectApiError(answer: Answer, label: string): void {
  expect(answer.status, label).toBeGreaterThanOrEqual(400);
  expect(answer.status, label).toBeLessThan(500);
  const error = (answer.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } }).error;
  expect(typeof error?.code, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe("string");
  expect(typeof error?.message, label).toBe("string");
  if (error?.fields !== undefined) expect(typeof error.fields, label).toBe("object");
}

/** Nothing on Object.prototype: a `__proto__` key in a body must never reach it. */
export function expectNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.role).toBeUndefined();
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
}

/**
 * fast-check settings. The suite runs one fixed seed, so a red build means the change broke
 * something rather than that this run met a new input; `FUZZ_SEED=random` (with a larger
 * FUZZ_RUNS) explores new inputs, and `FUZZ_SEED=<n>` replays what fast-check printed.
 */
const DEFAULT_SEED = 20_261_124;
export function fuzzParams(runs = NUM_RUNS): { numRuns: number; seed?: number; endOnFailure: boolean } {
  const chosen = process.env.FUZZ_SEED;
  const seed = chosen === "random" ? undefined : chosen ? Number(chosen) : DEFAULT_SEED;
  return { numRuns: runs, seed, endOnFailure: true };
}
