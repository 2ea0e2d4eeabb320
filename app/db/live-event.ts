/**
 * A change another tab or device should see without a reload. Only the kind of change and whose it
 * is travel; the browser reloads its data, so nothing private goes over the notification channel.
 * "account" (a role taken away, an account disabled) is for the servers only: the streams of that
 * account re-check their session at once.
 */
export type LiveTopic = "cart" | "orders" | "wishlist" | "account";
export type LiveEvent = { topic: LiveTopic; userId: string | null };

export const LIVE_CHANNEL = "shop_live";

export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (value.topic !== "cart" && value.topic !== "orders" && value.topic !== "wishlist" && value.topic !== "account")
      return null;
    return { topic: value.topic, userId: typeof value.userId === "string" ? value.userId : null };
  } catch {
    return null;
  }
}
