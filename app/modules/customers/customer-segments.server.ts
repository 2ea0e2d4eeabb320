import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerSegments } from "~/modules/customers/tables";
import { AppError } from "~/lib/errors";
import { CUSTOMER_FORM_MESSAGES, segmentInput } from "./customer-forms";
import { customerQueryString, readCustomerQuery } from "./customer-query";

export type CustomerSegment = { id: number; name: string; query: string };

/** A shop keeps at most this many segments (the list's chips). */
export const MAX_SEGMENTS = 100;

const segmentId = (raw: unknown) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new AppError("NOT_FOUND", "That segment is no longer there");
  return id;
};

/**
 * Saves the list's current filter under a name. The query is stored in its canonical form (no page),
 * so opening the segment shows the same list; a name taken in any case is refused beside the field
 * (the unique index on lower(name) decides).
 */
export async function saveCustomerSegment(
  db: DbOrTx,
  input: { name: string; query: string },
  createdBy: string | null,
): Promise<CustomerSegment> {
  const parsed = segmentInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("VALIDATION", issue.message, { [String(issue.path[0] ?? "name")]: issue.message });
  }
  const query = customerQueryString(readCustomerQuery(new URLSearchParams(parsed.data.query)).query, { page: false });
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(customerSegments);
  if (Number(n) >= MAX_SEGMENTS)
    throw new AppError("VALIDATION", `A shop keeps at most ${MAX_SEGMENTS} segments: delete one first`, {
      name: `A shop keeps at most ${MAX_SEGMENTS} segments: delete one first`,
    });
  const [saved] = await db
    .insert(customerSegments)
    .values({ name: parsed.data.name, query, createdBy })
    .onConflictDoNothing()
    .returning({ id: customerSegments.id, name: customerSegments.name, query: customerSegments.query });
  if (!saved) {
    const message = CUSTOMER_FORM_MESSAGES.segmentDuplicate(parsed.data.name);
    throw new AppError("VALIDATION", message, { name: message });
  }
  return saved;
}

/** Every saved segment, by name. */
export function listCustomerSegments(db: DbOrTx): Promise<CustomerSegment[]> {
  return db
    .select({ id: customerSegments.id, name: customerSegments.name, query: customerSegments.query })
    .from(customerSegments)
    .orderBy(asc(sql`lower(${customerSegments.name})`))
    .limit(MAX_SEGMENTS);
}

/** One segment, or NOT_FOUND. */
export async function getCustomerSegment(db: DbOrTx, rawId: unknown): Promise<CustomerSegment> {
  const [segment] = await db
    .select({ id: customerSegments.id, name: customerSegments.name, query: customerSegments.query })
    .from(customerSegments)
    .where(eq(customerSegments.id, segmentId(rawId)));
  if (!segment) throw new AppError("NOT_FOUND", "That segment is no longer there");
  return segment;
}

/** Deletes a segment; the customers in it are untouched. */
export async function deleteCustomerSegment(db: DbOrTx, rawId: unknown): Promise<{ name: string } | null> {
  const [gone] = await db
    .delete(customerSegments)
    .where(eq(customerSegments.id, segmentId(rawId)))
    .returning({ name: customerSegments.name });
  return gone ?? null;
}
