// Part of `npm run build`: an empty embedded database (PostgreSQL's initdb, done by PGlite) packed as
// build/empty-database.tgz. A first start unpacks it instead of running initdb, which peaks near 1 GB
// of memory in PGlite (two WebAssembly instances and the whole data directory in memory), about 400 MB
// less: enough to make a new shop on a 1 GB server (app/db/pglite.server.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/empty-database.tgz");
const db = new PGlite();
await db.waitReady;
const dump = await db.dumpDataDir("gzip");
await db.close();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
