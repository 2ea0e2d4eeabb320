import { claimDailyJob } from "~/db/daily-job.server";
import { getSettings } from "~/modules/settings/reads";
import { shopDay, startOfShopDay } from "~/lib/shop-time";
import { listLowStock } from "~/modules/catalog/list-low-stock.server";
import { queueStaffNotice } from "~/modules/messages/staff-recipients.server";
import type { FlowContext } from "./flow-context";

export const LOW_STOCK_DIGEST_JOB = "low-stock-digest";
/** The hour of the shop day (Pakistan time) from which the digest goes. */
export const LOW_STOCK_DIGEST_HOUR = 9;
/** Rows one e-mail lists; the rest are counted and the inventory's filter shows them. */
export const LOW_STOCK_DIGEST_ROWS = 100;

export type LowStockDigestResult =
  | { sent: true; day: string; rows: number; recipients: string[] }
  | { sent: false; day: string; reason: "before-nine" | "switched-off" | "nothing-low" | "already-sent" };

/**
 * The owner's daily low-stock e-mail: from 9:00 Pakistan time, when Settings has it on and at least
 * one colour and size of an active product is at or under its alert level, the day is claimed
 * (daily_job_runs) and one digest is queued through the outbox to the notification recipients, in
 * one transaction. Never empty: a day with nothing low is not claimed, so a size that runs low at
 * 14:00 is reported that day. Every server process may call it every few minutes: the claim lets
 * one of them send. `now` is the caller's clock (tests fix it).
 */
export async function sendLowStockDigest({ db, now = new Date() }: FlowContext): Promise<LowStockDigestResult> {
  const day = shopDay(now);
  if (now.getTime() < startOfShopDay(now).getTime() + LOW_STOCK_DIGEST_HOUR * 3_600_000)
    return { sent: false, day, reason: "before-nine" };
  return db.transaction(async (tx) => {
    // Read inside the transaction: the switch as it is now, not as a cache remembers it.
    const settings = await getSettings(tx);
    if (!settings.lowStockDigest) return { sent: false, day, reason: "switched-off" } as const;
    const low = await listLowStock(tx, { limit: LOW_STOCK_DIGEST_ROWS });
    if (low.total === 0) return { sent: false, day, reason: "nothing-low" } as const;
    if (!(await claimDailyJob(tx, LOW_STOCK_DIGEST_JOB, day)))
      return { sent: false, day, reason: "already-sent" } as const;
    const recipients = await queueStaffNotice(
      tx,
      {
        kind: "low_stock_digest",
        data: {
          day,
          items: low.rows.map((r) => ({
            name: r.name,
            color: r.color,
            size: r.size,
            stock: r.stock,
            threshold: r.threshold,
            editPath: `/seller/products/${encodeURIComponent(r.productId)}/edit`,
          })),
          more: low.total - low.rows.length,
          inventoryPath: "/seller/products?low=1",
        },
      },
      settings.brandName,
    );
    return { sent: true, day, rows: low.total, recipients } as const;
  });
}
