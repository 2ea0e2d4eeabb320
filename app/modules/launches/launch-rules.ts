import { formatShopDateTimeAmPm } from "~/lib/shop-time";

/**
 * A launch's rules, with no database: the limit of pieces per buyer and its words, and its countdown
 * as a page sends it. The limit counts each product's pieces a buyer (their phone number, and their
 * account) took in orders placed since the launch opened, cancelled orders left out, plus the pieces
 * of the order being placed.
 */

export const LAUNCH_LIMIT_RANGE = { min: 1, max: 50 } as const;

/** Pieces of one product already taken and asked for now, against the launch's limit. */
export type LimitedLine = { productId: string; name: string; limit: number; taken: number; asked: number };

export function limitMessage(line: Pick<LimitedLine, "name" | "limit" | "taken">): string {
  const pieces = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;
  const base = `This launch allows ${pieces(line.limit)} of ${line.name} per customer`;
  if (line.taken <= 0) return `${base}.`;
  if (line.taken >= line.limit) return `${base}, and you have ${pieces(line.taken)} already.`;
  return `${base}: you have ${pieces(line.taken)} already, so you can order ${pieces(line.limit - line.taken)} more.`;
}

/** The first product the order would take past its limit, or null when every line fits. */
export function overLimit(lines: readonly LimitedLine[]): LimitedLine | null {
  return lines.find((l) => l.taken + l.asked > l.limit) ?? null;
}

/** Where a launch stands at `now`: waiting for its time, or open. */
export function launchState(opensAt: Date, now: Date): "scheduled" | "open" {
  return opensAt.getTime() > now.getTime() ? "scheduled" : "open";
}

/** A launch's countdown as a page sends it: its opening in Pakistan time, and the seconds left as the server counts them. */
export type LaunchCountdownView = { name: string; opensAtText: string; secondsLeft: number };

export function launchCountdownView(launch: { name: string; opensAt: Date }, now: Date): LaunchCountdownView {
  return {
    name: launch.name,
    opensAtText: formatShopDateTimeAmPm(launch.opensAt),
    secondsLeft: Math.max(0, Math.ceil((launch.opensAt.getTime() - now.getTime()) / 1000)),
  };
}
