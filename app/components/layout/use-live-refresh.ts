import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

type Phase = "idle" | "submitting" | "loading";

/**
 * While signed in, listens to /api/events and reloads the page's data when the cart, wishlist or
 * orders change elsewhere (another tab, another device, the shop owner), without a page reload.
 * - An event that arrives while this tab is submitting is this tab's own change: the submission
 *   reloads the data itself once it is done, so nothing more is needed (reloading again would wipe
 *   the result it shows, like "Order cancelled").
 * - One that arrives while a page is loading waits for it: reloading then would interrupt that load
 *   and lose what it carried (the "Order placed" message after checkout).
 */
export function useLiveRefresh(enabled: boolean) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const states = [navigation.state, ...fetchers.map((f) => f.state)];
  const phase: Phase = states.includes("submitting") ? "submitting" : states.includes("loading") ? "loading" : "idle";
  const phaseRef = useRef<Phase>(phase);
  const deferred = useRef(false);
  phaseRef.current = phase;

  useEffect(() => {
    if (phase === "idle" && deferred.current) {
      deferred.current = false;
      void revalidate();
    }
  }, [phase, revalidate]);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let timer: number | undefined;
    const refresh = () => {
      if (phaseRef.current === "submitting") return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (phaseRef.current !== "idle") deferred.current = true;
        else void revalidate();
      }, 100);
    };
    // EventSource retries a dropped connection by itself, but gives up for good on an answer other
    // than 200 (a 503 while the database restarts, a 429): then a new one is opened after a pause
    // that grows from 5 s to a minute, and resets once a stream is up.
    let source: EventSource | undefined;
    let retry: number | undefined;
    let pause = 5_000;
    let connectedOnce = false;
    const connect = () => {
      source = new EventSource("/api/events");
      // After a dropped connection, reload once in case something changed while we were away. On
      // the first connection, reload if the data changed after this page started loading: the
      // moment between the server rendering it and this stream opening is not covered otherwise.
      source.addEventListener("ready", (event) => {
        if (connectedOnce || changedSincePageLoad(event.data)) refresh();
        connectedOnce = true;
        pause = 5_000;
      });
      for (const topic of ["cart", "orders", "wishlist"]) source.addEventListener(topic, refresh);
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        window.clearTimeout(retry);
        retry = window.setTimeout(connect, pause);
        pause = Math.min(pause * 2, 60_000);
      });
    };
    connect();
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(retry);
      source?.close();
    };
  }, [enabled, revalidate]);
}

/** Whether the stream's first "ready" says the data changed after this page began loading. */
function changedSincePageLoad(data: unknown): boolean {
  let sinceChange: unknown;
  try {
    sinceChange = (JSON.parse(String(data)) as { sinceChange?: unknown }).sinceChange;
  } catch {
    return false;
  }
  if (typeof sinceChange !== "number") return false;
  // Both are durations counted back from now, so the two machines' clocks need not agree. The page's
  // age counts from the start of its navigation, before the server read its data: a change in that
  // first moment reloads needlessly, and a change after it is never missed.
  return sinceChange <= performance.now();
}
