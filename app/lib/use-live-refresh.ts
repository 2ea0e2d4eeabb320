import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * While signed in, listens to /api/events and reloads the page's data when the cart, wishlist or
 * orders change elsewhere (another tab, another device, the shop owner), without a page reload.
 */
export function useLiveRefresh(enabled: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let timer: number | undefined;
    const refresh = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void revalidate(), 100);
    };
    const source = new EventSource("/api/events");
    let connectedOnce = false;
    // After a dropped connection, reload once in case something changed while we were away.
    source.addEventListener("ready", () => {
      if (connectedOnce) refresh();
      connectedOnce = true;
    });
    for (const topic of ["cart", "orders", "wishlist"]) source.addEventListener(topic, refresh);
    return () => {
      window.clearTimeout(timer);
      source.close();
    };
  }, [enabled, revalidate]);
}
