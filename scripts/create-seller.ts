// npm run create-seller -- --email owner@example.com --password 'a-long-password' [--name "Ayesha"]
// Creates a seller account, or promotes an existing account to seller. Run it with the shop stopped
// when it uses the embedded database (PGlite allows one process at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, migrateDatabase } from "~/db/client.server";
import { parseEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { createAuth, loadAuthSecret } from "~/modules/accounts/auth.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { lockDataDir } from "../server/data-dir-lock";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
if (!values.email || !values.password) {
  console.error("Usage: npm run create-seller -- --email E --password P [--name N]");
  process.exit(2);
}
const env = parseEnv();
let release = () => {};
try {
  if (!env.DATABASE_URL) release = lockDataDir(env.DATA_DIR);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
try {
  await migrateDatabase(database);
  const auth = createAuth({ db: database.db, env, secret: await loadAuthSecret(database.db, env) });
  const result = await createSeller(auth, database.db, { email: values.email, password: values.password, name: values.name });
  console.log(result.created ? `Created seller account ${values.email}.` : `${values.email} already had an account: it is now a seller. Its password is unchanged.`);
} catch (error) {
  if (error instanceof AppError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
