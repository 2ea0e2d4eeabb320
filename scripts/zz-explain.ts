import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { inRange, shopDayNumber } from "~/modules/reports/report-sql";
import { shopDay } from "~/lib/shop-time";
const database = await openDatabase({ dataDir: "/tmp/reports-bench-pglite" });
const db = database.db;
const now = new Date();
const range = { from: shopDay(new Date(now.getTime() - 364 * 86400000)), to: shopDay(now) };
const time = async (label: string, q: ReturnType<typeof sql>) => {
  let best = 1e9; let n = 0;
  for (let i = 0; i < 4; i++) { const t = performance.now(); const r = await db.execute(q); best = Math.min(best, performance.now() - t); n = (r as any).rows.length; }
  console.log(label.padEnd(12), best.toFixed(1), "ms", n, "rows");
};
const delivered = sql`o.status = 'delivered' and ${inRange(sql`o.delivered_at`, range)}`;
const day = shopDayNumber(sql`o.delivered_at`);
await time("orders", sql`select ${day} as day, count(*)::int as n, sum(o.subtotal)::bigint as gross from orders o where ${delivered} group by 1`);
await time("refunds", sql`select ${day} as day, sum(r.amount)::bigint as refunds from refunds r join orders o on o.id = r.order_id where ${delivered} group by 1`);
await time("cost", sql`select ${day} as day, sum(i.unit_cost * i.quantity)::bigint as cost from order_items i join orders o on o.id = i.order_id where ${delivered} and i.unit_cost is not null group by 1`);
await time("restocked", sql`select ${day} as day, sum(i.unit_cost * ri.quantity)::bigint as cost from return_items ri join order_items i on i.id = ri.order_item_id join orders o on o.id = i.order_id where ${delivered} and ri.restocked_at is not null and i.unit_cost is not null group by 1`);
await time("uncosted", sql`select o.order_number, (o.total + o.store_credit_used - coalesce((select sum(r.amount) from refunds r where r.order_id = o.id), 0))::int as revenue, count(*) over ()::int as n from orders o where ${delivered} and exists (select 1 from order_items i where i.order_id = o.id and i.unit_cost is null) order by o.delivered_at, o.order_number limit 50`);
await time("parcels", sql`select ${shopDayNumber(sql`coalesce(s.returned_at, s.delivered_at)`)} as day, (s.returned_at is not null) as returned, count(*)::int as n from shipments s where (s.returned_at is not null and ${inRange(sql`s.returned_at`, range)}) or (s.returned_at is null and ${inRange(sql`s.delivered_at`, range)}) group by 1, 2`);
await time("noop", sql`select 1`);
await database.close();
