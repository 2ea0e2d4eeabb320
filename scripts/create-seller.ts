// npm run create-seller -- --email owner@example.com [--name "Ayesha"] [--promote]
// Creates a seller account. The password is typed at a hidden prompt, or piped on standard input
// (echo "$PASSWORD" | npm run create-seller -- --email ...), never given on the command line.
// An existing account becomes a seller only with --promote: its sessions end and its password
// becomes the one given. Run it with the shop stopped when it uses the embedded database (PGlite
// allows one process at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, migrateDatabase } from "~/db/client.server";
import { parseEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { loadAuthSecret } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { newPasswordProblem } from "~/modules/accounts/common-passwords.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { lockDataDir } from "../server/data-dir-lock";
import { readNewPassword } from "./read-password";

const USAGE =
  "Usage: npm run create-seller -- --email E [--name N] [--promote]   (the password is asked for, or read from standard input)";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    promote: { type: "boolean", default: false },
    password: { type: "string" },
  },
});
if (values.password !== undefined) {
  console.error(
    "--password is refused: a password on the command line is kept in shell history and shown to every user by `ps`.",
  );
  console.error("Type it at the prompt, or pipe it: printf '%s\\n' \"$PASSWORD\" | npm run create-seller -- --email E");
  process.exit(2);
}
if (!values.email) {
  console.error(USAGE);
  process.exit(2);
}

let password: string;
try {
  password = await readNewPassword();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// The password rule, before the database is opened (createSeller checks it again).
const problem = newPasswordProblem(password, values.email);
if (problem) {
  console.error(problem.message);
  process.exit(1);
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
  const auth = createShopAuth({ db: database.db, env, secret: await loadAuthSecret(database.db, env) });
  const result = await createSeller(auth, database.db, {
    email: values.email,
    password,
    name: values.name,
    promote: values.promote,
  });
  console.log(
    result.created
      ? `Created seller account ${values.email}.`
      : `${values.email} is now a seller with the new password. Every session it had has been signed out.`,
  );
} catch (error) {
  if (error instanceof AppError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
