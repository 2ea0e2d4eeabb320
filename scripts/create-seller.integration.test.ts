import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { sessions, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { TEST_AUTH_SECRET } from "../tests/factories/test-secret";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../tests/factories/test-database";

const ROOT = path.resolve(import.meta.dirname, "..");
const ORIGIN = "http://shop.test";

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run create-seller` as an operator runs it: a real process, the password piped on stdin. */
function createSellerCli(args: string[], stdin: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/create-seller.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(DATABASE_KINDS)("npm run create-seller on %s", (kind) => {
  let dataDir: string;
  let env: Record<string, string>;
  let pg: TestDatabase | undefined;
  // PGlite allows one process at a time: the test opens the folder only between runs.
  const withDb = async <T>(fn: (database: Database, auth: Auth) => Promise<T>): Promise<T> => {
    const database = pg ?? (await openDatabase({ dataDir }));
    try {
      const auth = createShopAuth({
        db: database.db,
        env: {
          PUBLIC_URL: undefined,
          GOOGLE_CLIENT_ID: undefined,
          GOOGLE_CLIENT_SECRET: undefined,
          SIGN_IN_RATE_LIMIT: 1000,
        },
        secret: TEST_AUTH_SECRET,
      });
      return await fn(database, auth);
    } finally {
      if (!pg) await database.close();
    }
  };
  const signIn = (email: string, password: string) =>
    withDb(
      async (_db, auth) =>
        (
          await auth.handler(
            new Request(`${ORIGIN}/api/auth/sign-in/email`, {
              method: "POST",
              headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.1" },
              body: JSON.stringify({ email, password }),
            }),
          )
        ).status,
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-create-seller-"));
    if (kind === "postgres") {
      pg = await createTestDatabase("postgres");
      env = { DATABASE_URL: pg.url!, BETTER_AUTH_SECRET: "s".repeat(40) };
    } else {
      env = { DATA_DIR: dataDir };
    }
  }, 120_000);
  afterAll(async () => {
    await pg?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a password on the command line, saying why, and makes nothing", async () => {
    const run = await createSellerCli(["--email", "owner@kapra.pk", "--password", "chai-at-dawn-2026"], "", env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--password is refused: .*shell history/);
  }, 60_000);

  it("reads the password from standard input and holds it to the password rule", async () => {
    const weak = await createSellerCli(["--email", "owner@kapra.pk"], "Password2024!\n", env);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("This password is too common. Choose one that is harder to guess.");
    const short = await createSellerCli(["--email", "owner@kapra.pk"], "short-pass1\n", env);
    expect(short.stderr).toContain("Password must be at least 12 characters");

    const made = await createSellerCli(["--email", "Owner@Kapra.pk", "--name", "Ayesha"], "chai-at-dawn-2026\n", env);
    expect(made.stdout).toContain("Created seller account");
    expect(made.code).toBe(0);
    expect(await signIn("owner@kapra.pk", "chai-at-dawn-2026")).toBe(200);
    const [owner] = await withDb((database) =>
      database.db.select({ role: users.role, name: users.name }).from(users).where(eq(users.email, "owner@kapra.pk")),
    );
    expect(owner).toEqual({ role: "seller", name: "Ayesha" });
  }, 120_000);

  it("promotes an account registered first by someone else only with --promote: their sessions end and their password stops working", async () => {
    // Someone registered the owner's address before the owner did.
    const squatterSession = await withDb(async (_db, auth) => {
      const res = await auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.2" },
          body: JSON.stringify({ name: "Not the owner", email: "boss@kapra.pk", password: "squatter-password-1" }),
        }),
      );
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().join("; ");
    });
    expect(squatterSession).toContain("session_token");

    const refused = await createSellerCli(["--email", "boss@kapra.pk"], "bosses-own-password\n", env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has an account\. Run again with --promote/);
    expect(
      (
        await withDb((database) =>
          database.db.select({ role: users.role }).from(users).where(eq(users.email, "boss@kapra.pk")),
        )
      )[0].role,
    ).toBe("buyer");

    const promoted = await createSellerCli(["--email", "boss@kapra.pk", "--promote"], "bosses-own-password\n", env);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain("is now a seller with the new password");
    const after = await withDb(async (database) => {
      const [user] = await database.db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.email, "boss@kapra.pk"));
      return {
        role: user.role,
        sessions: (await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
      };
    });
    expect(after).toEqual({ role: "seller", sessions: 0 });
    expect(await signIn("boss@kapra.pk", "squatter-password-1")).toBe(401);
    expect(await signIn("boss@kapra.pk", "bosses-own-password")).toBe(200);
  }, 120_000);
});
