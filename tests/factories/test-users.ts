import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { users } from "~/schema";

/** A buyer row straight in the database (module tests need no sign-up); returns its id. */
export async function createTestBuyer(db: Db, name = "Test Buyer"): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name, email: `${id}@example.pk`, role: "buyer" });
  return id;
}
