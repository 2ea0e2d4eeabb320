// The Customers tab's reads at shop scale (50,000 customers, 200,000 orders), on PGlite and on
// PostgreSQL: `npx tsx scripts/bench-customers.ts` (no build needed: it times the module reads the
// pages and the API call, in process). Options: --customers N --orders N --requests N --db pglite|postgres|both.
//
// The data is written set-based: the orders in one INSERT ... SELECT from generate_series with the
// customer triggers turned off, then the customers rows in one INSERT ... SELECT grouping the orders
// by phone by the same rules as refresh_customer() (no refunds in this data), and a sample of
// phones is then refreshed by refresh_customer() itself and compared, so the bench reads exactly
// what the triggers would have written. Tags go on every 20th customer, notes on every 50th, and
// one e-mail per order goes in the outbox (the customer's page lists theirs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, type Database } from "~/db/client.server";
import { readCustomerQuery } from "~/modules/customers/customer-query";
import { getCustomer } from "~/modules/customers/get-customer.server";
import { listCustomers } from "~/modules/customers/list-customers.server";
import { postgresMissing, startBenchPostgres } from "./bench-data";
import { ROOT, createResources, log } from "./bench-support.mjs";

const { values } = parseArgs({
  options: {
    customers: { type: "string", default: "50000" },
    orders: { type: "string", default: "200000" },
    requests: { type: "string", default: "60" },
    db: { type: "string", default: "both" },
  },
});
const CUSTOMERS = Number(values.customers);
const ORDERS = Number(values.orders);
const REQUESTS = Number(values.requests);
const WARM_UP = 5;
const TARGET_P95_MS = 150;

type Row = { db: string; read: string; p50: number; p95: number; max: number; requests: number };

const resources = createResources("customers bench");
resources.handleSignals();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function build(database: Database): Promise<void> {
  const { db } = database;
  const started = Date.now();
  await migrateDatabase(database);
  await db.execute(sql`alter table orders disable trigger orders_customer_insert`);
  // Customer c's orders: one each, then the rest spread so that early customers have many. Statuses
  // by a hash of the order number: mostly delivered, some returned, cancelled, pending and shipped.
  await db.execute(sql`
    insert into orders (order_number, status, channel, subtotal, shipping_fee, total, discount_code, full_name, email, phone,
                        address, city, delivery_from, delivery_to, created_at, delivered_at)
    select 'ORD-B' || lpad(i::text, 7, '0'),
      (array['delivered','delivered','delivered','delivered','delivered','returned','cancelled','pending','shipped','delivered'])[1 + (i::bigint * 7919) % 10],
      (array['web','phone','whatsapp','instagram'])[1 + i % 4],
      1000 + (i * 37) % 9000, 200, 1200 + (i * 37) % 9000,
      case when i % 9 = 0 then (array['EID10','WELCOME','SALE20'])[1 + i % 3] end,
      (array['Ayesha','Bilal','Fatima','Hamza','Zainab','Usman','Mariam','Ali','Sana','Omar'])[1 + c % 10]
        || ' ' || (array['Khan','Ahmed','Malik','Butt','Qureshi','Sheikh','Raza'])[1 + c % 7] || ' ' || c,
      case when c % 3 = 0 then 'buyer' || c || '@mail.pk' else '' end,
      '+92300' || lpad(c::text, 7, '0'),
      'House ' || i, (array['Karachi','Lahore','Islamabad','Rawalpindi','Faisalabad','Multan','Peshawar','Quetta'])[1 + c % 8],
      now(), now(),
      now() - ((i::bigint * 104729) % (730 * 24 * 60)) * interval '1 minute',
      null
    from (
      -- Every customer gets one order, the rest go mostly to the first ones: from 1 to about 30 orders each.
      select i, case when i < ${sql.raw(String(CUSTOMERS))} then i else ((i::bigint * 2654435761) % (${sql.raw(String(CUSTOMERS))} / (1 + i % 10)))::int end as c
      from generate_series(0, ${ORDERS - 1}) as i
    ) as s`);
  await db.execute(sql`alter table orders enable trigger orders_customer_insert`);
  await db.execute(sql`
    insert into customers (phone, name, email, city, user_id, orders, delivered, returned, cancelled, delivery_rate, lifetime_value, average_order, first_order_at, last_order_at)
    select phone,
      (array_agg(full_name order by created_at desc, id desc))[1],
      (array_agg(email order by created_at desc) filter (where email <> ''))[1],
      (array_agg(city order by created_at desc, id desc))[1],
      null,
      count(*), count(*) filter (where status = 'delivered'), count(*) filter (where status = 'returned'), count(*) filter (where status = 'cancelled'),
      case when count(*) filter (where status in ('delivered','returned')) > 0
        then (count(*) filter (where status = 'delivered') * 100) / count(*) filter (where status in ('delivered','returned')) end,
      coalesce(sum(total + store_credit_used) filter (where status = 'delivered'), 0),
      case when count(*) filter (where status = 'delivered') > 0
        then round(coalesce(sum(total + store_credit_used) filter (where status = 'delivered'), 0)::numeric / count(*) filter (where status = 'delivered'))::integer else 0 end,
      min(created_at), max(created_at)
    from orders where phone <> '' group by phone`);
  // The set-based rows must be what the triggers write: refresh a sample by refresh_customer() and compare.
  const before = await db.execute(
    sql`select phone, orders, delivered, returned, cancelled, delivery_rate, lifetime_value, average_order, name, city, email from customers where id % 250 = 0 order by phone`,
  );
  await db.execute(sql`select refresh_customer(phone) from customers where id % 250 = 0`);
  const after = await db.execute(
    sql`select phone, orders, delivered, returned, cancelled, delivery_rate, lifetime_value, average_order, name, city, email from customers where id % 250 = 0 order by phone`,
  );
  const rowsOf = (r: unknown) => JSON.stringify((r as { rows: unknown[] }).rows);
  if (rowsOf(before) !== rowsOf(after))
    throw new Error("the set-based customers rows differ from refresh_customer()'s");
  await db.execute(
    sql`insert into customer_tags (customer_id, tag) select id, (array['VIP','wholesale','risky'])[1 + id % 3] from customers where id % 20 = 0`,
  );
  await db.execute(
    sql`insert into customer_notes (customer_id, body, show_on_orders, author_name) select id, 'Prefers a call after 6 pm', id % 100 = 0, 'Bench Owner' from customers where id % 50 = 0`,
  );
  await db.execute(sql`
    insert into message_outbox (kind, to_address, subject, data, order_number, status, created_at)
    select 'order_placed', case when email <> '' then email else 'shop-copy@mail.pk' end, 'Order ' || order_number, '{}'::jsonb, order_number, 'sent', created_at
    from orders`);
  await db.execute(sql`vacuum analyze`);
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from customers`)) as unknown as { rows: { n: number }[] }
  ).rows;
  log(
    `  ${ORDERS} orders, ${n} customers, tags, notes and ${ORDERS} e-mails in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function measure(kind: string, database: Database): Promise<Row[]> {
  const { db } = database;
  const list = (text: string) => () => listCustomers(db, readCustomerQuery(new URLSearchParams(text)).query);
  const richest = (
    (await db.execute(sql`select id from customers order by orders desc, id limit 1`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0].id;
  let pick = 0;
  const reads: [string, () => Promise<unknown>][] = [
    ["List, default (newest last order)", list("")],
    ["List, page 40", list("page=40")],
    ["List, search by phone 0300 0012345", list("q=0300%200012345")],
    ["List, search by phone start 0300 00123", list("q=0300%2000123")],
    ['List, search by name "fatima khan"', list("q=fatima%20khan")],
    ["List, search by e-mail", list("q=buyer123%40mail")],
    ["List, city + orders >= 5, by lifetime value", list("city=Lahore&ordersMin=5&sort=lifetimeValue")],
    ["List, rate below 60 %, by returned", list("rateBelow=60&sort=returned")],
    ["List, tag VIP", list("tag=vip")],
    ["List, last order in a month, by name", list("lastFrom=2026-01-01&lastTo=2026-01-31&sort=name")],
    ["Customer page (most orders)", () => getCustomer(db, richest)],
    ["Customer page (any customer)", () => getCustomer(db, 1 + ((pick++ * 7919) % CUSTOMERS))],
  ];
  const rows: Row[] = [];
  for (const [read, run] of reads) {
    for (let i = 0; i < WARM_UP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const row = {
      db: kind,
      read,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1],
      requests: REQUESTS,
    };
    rows.push(row);
    log(`  ${read.padEnd(48)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms`);
  }
  return rows;
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  log(`\n[customers bench] ${kind}: building ${CUSTOMERS} customers and ${ORDERS} orders...`);
  let database: Database;
  if (kind === "pglite") {
    const dir = resources.tmpDir("kapra-bench-customers-");
    database = await openDatabase({ dataDir: path.join(dir, "data") });
  } else {
    const postgres = await startBenchPostgres(resources);
    database = await openDatabase({
      databaseUrl: await postgres.createDatabase(`kapra_customers_${Date.now()}`),
      dataDir: "",
    });
  }
  try {
    await build(database);
    log(`  ${REQUESTS} sequential reads each after ${WARM_UP} to warm up:`);
    return await measure(kind, database);
  } finally {
    await database.close();
  }
}

let code = 0;
try {
  let kinds: ("pglite" | "postgres")[] =
    values.db === "both" ? ["pglite", "postgres"] : [values.db as "pglite" | "postgres"];
  const missing = kinds.includes("postgres") ? postgresMissing() : null;
  if (missing) {
    log(`[customers bench] ${missing}`);
    kinds = kinds.filter((k) => k !== "postgres");
  }
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await run(kind)));
  log(`\nCustomers, time per read (${CUSTOMERS} customers, ${ORDERS} orders; target p95 <= ${TARGET_P95_MS} ms):\n`);
  log("| Read | Database | p50 | p95 | Target |");
  log("|---|---|---:|---:|---|");
  for (const r of rows)
    log(
      `| ${r.read} | ${r.db} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p95 <= TARGET_P95_MS ? "PASS" : "FAIL"} |`,
    );
  const outDir = path.join(ROOT, "bench-results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, "customers.json"),
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, customers: CUSTOMERS, orders: ORDERS, rows }, null, 2)}\n`,
  );
} catch (error) {
  console.error(`[customers bench] could not run: ${(error as Error).stack ?? error}`);
  code = 1;
} finally {
  await resources.cleanupAll();
}
process.exit(code);
