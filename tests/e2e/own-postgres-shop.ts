import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../../app/db/client.server";
import type { Database } from "../../app/db/database";
import { startServerProcess } from "../factories/server-process";
import { sharedPgCluster } from "../setup/pg-cluster";

/**
 * A shop of a spec's own on a fresh PostgreSQL database, for a spec that must write to the database
 * while the shop runs (give store credit, make a return request): PostgreSQL lets two processes
 * write at once, and the suite's shared shop (PGlite) is never written behind its back. A first
 * start migrates and seeds the catalogue (about a minute on two cores). `stop` ends the shop and
 * drops its database. `env` adds to the shop's environment (WHATSAPP_API_URL pointing at a stand-in).
 */
export type OwnShop = { url: string; database: Database; stop: () => Promise<void> };

export async function startOwnPostgresShop(tag: string, env: Record<string, string> = {}): Promise<OwnShop> {
  const cluster = await sharedPgCluster();
  const name = `e2e_${tag}_${randomBytes(4).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const databaseUrl = cluster.url.replace(/\/postgres$/, `/${name}`);
  const shop = await startServerProcess(
    { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "1", LOG_LEVEL: "warn", ...env },
    { readyTimeoutMs: 280_000 },
  );
  const database = await openDatabase({ databaseUrl, dataDir: "" });
  return {
    url: shop.url,
    database,
    stop: async () => {
      await database.close();
      await shop.stop("SIGTERM", 10_000);
      await admin(`drop database if exists ${name} with (force)`);
      cluster.stop();
    },
  };
}
