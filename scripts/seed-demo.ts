// npm run seed:demo [-- --products 500 --orders 20000 --days 90 --force]
// Fills a shop database (PGlite in DATA_DIR, or DATABASE_URL) with demo products and orders, for
// trying the dashboard and for the benchmark. Refuses a database that already has orders unless
// --force. Run it with the shop stopped when it uses the embedded database.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { drawSeedPhotos } from "~/seed/draw-seed-photos.server";
import { seedDatabase } from "~/seed/seed.server";
import { parseEnv } from "~/lib/env.server";
import { lockDataDir } from "../server/data-dir-lock";
import { seedDemoData } from "./seed-demo-data";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "500" },
    orders: { type: "string", default: "20000" },
    days: { type: "string", default: "90" },
    force: { type: "boolean", default: false },
  },
});
const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number (got ${value})`);
    process.exit(2);
  }
  return n;
};
const options = {
  products: count("products", values.products),
  orders: count("orders", values.orders),
  days: Math.max(1, count("days", values.days)),
  force: values.force,
};

const env = parseEnv();
let release = () => {};
try {
  if (!env.DATABASE_URL) release = lockDataDir(env.DATA_DIR);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const started = Date.now();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
try {
  await migrateDatabase(database);
  if (await seedDatabase(database.db, { shopName: env.SHOP_NAME }))
    console.log("Seeded the shop's settings and catalogue.");
  // Photos a first start left undrawn (it was stopped early) are drawn here, before the shop is used.
  await drawSeedPhotos(database.db).done;
  const result = await seedDemoData(database.db, options);
  console.log(
    `Added ${result.products} products (${result.variants} variants) and ${result.orders} orders (${result.items} items, ${result.history} status changes), ` +
      `${result.shipments} parcels with ${result.couriers} couriers, ${result.settlements} COD settlements and ${result.discrepancies} discrepancies ` +
      `over the last ${options.days} days to ${env.DATABASE_URL ? "the PostgreSQL database" : path.resolve(env.DATA_DIR)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
