import { and, desc, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { returnRequests } from "~/modules/returns/tables";
import type { ReturnReason } from "~/db/schema/statuses";
import { RETURN_REASON_LABELS } from "./return-rules";

export type ReturnFigures = {
  /** Requests made in the period (all statuses, rejected included). */
  requests: number;
  /** Of those, requests with at least one exchanged item, and with at least one returned item. */
  exchanges: number;
  returns: number;
  rejected: number;
  /** Units that came back damaged (not restocked), in those requests. */
  damaged: number;
  /** The most given reasons, most first (at most 5). */
  topReasons: { reason: ReturnReason; label: string; count: number }[];
};

const hasKind = (kind: "exchange" | "return") =>
  // Qualified by hand: a one-table select leaves its columns unqualified, and ri has an "id" too.
  sql`exists (select 1 from return_items ri where ri.return_id = "return_requests"."id" and ri.kind = ${kind})`;

/** Returns and exchanges asked for in [from, to), for the overview: by the creation index. */
export async function returnFigures(db: DbOrTx, { from, to }: { from: Date; to: Date }): Promise<ReturnFigures> {
  const inPeriod = and(gte(returnRequests.createdAt, from), lt(returnRequests.createdAt, to));
  const [[totals], reasons] = await Promise.all([
    db
      .select({
        requests: sql<number>`count(*)::int`,
        exchanges: sql<number>`count(*) filter (where ${hasKind("exchange")})::int`,
        returns: sql<number>`count(*) filter (where ${hasKind("return")})::int`,
        rejected: sql<number>`count(*) filter (where ${returnRequests.status} = 'rejected')::int`,
        damaged: sql<number>`coalesce(sum((select sum(ri.quantity) from return_items ri where ri.return_id = "return_requests"."id" and ri.condition = 'damaged')), 0)::int`,
      })
      .from(returnRequests)
      .where(inPeriod),
    db
      .select({ reason: returnRequests.reason, count: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(inPeriod)
      .groupBy(returnRequests.reason)
      .orderBy(desc(sql`count(*)`), returnRequests.reason)
      .limit(5),
  ]);
  return {
    requests: totals?.requests ?? 0,
    exchanges: totals?.exchanges ?? 0,
    returns: totals?.returns ?? 0,
    rejected: totals?.rejected ?? 0,
    damaged: totals?.damaged ?? 0,
    topReasons: reasons.map((r) => ({ ...r, label: RETURN_REASON_LABELS[r.reason] })),
  };
}
