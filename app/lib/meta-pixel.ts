/**
 * The Meta Pixel in buyers' browsers (issue 44), present only when Settings -> Marketing has a
 * Pixel ID. The page carries a few bytes of bootstrap (Meta's `fbq` queue and `init`); Meta's own
 * script (fbevents.js) loads only once the page has loaded and the browser is idle, so it never
 * slows the first paint on a cheap phone. Every event goes twice with one event_id: from the
 * browser to Meta, and to the shop (`/api/meta-events`), which sends it on through the Conversions
 * API with the client's address, so Meta counts it once and still sees it when the Pixel is blocked.
 * A Purchase is never sent from here: COD orders are reported by the server once they are real.
 */

/** What the Content-Security-Policy allows when the Pixel is on: Meta's script host and where it reports. */
export const META_PIXEL_SCRIPT_HOST = "https://connect.facebook.net";
export const META_PIXEL_REPORT_HOST = "https://www.facebook.com";

/** The events the browser may report; the shop's endpoint refuses any other. */
export const META_BROWSER_EVENTS = ["PageView", "ViewContent", "AddToCart", "InitiateCheckout"] as const;
export type MetaBrowserEvent = (typeof META_BROWSER_EVENTS)[number];

export const META_EVENTS_PATH = "/api/meta-events";

/** The inline bootstrap (ES5, run with the page's nonce): Meta's queue, `init`, and fbevents.js once the page is idle. */
export function metaPixelBootstrap(pixelId: string): string {
  const id = JSON.stringify(pixelId.replace(/\D/g, ""));
  return (
    "(function(w,d,id){if(w.fbq)return;var n=w.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};" +
    "if(!w._fbq)w._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];w.__shopMetaPixel=id;" +
    `function load(){var s=d.createElement('script');s.async=!0;s.src='${META_PIXEL_SCRIPT_HOST}/en_US/fbevents.js';d.head.appendChild(s)}` +
    "function idle(){w.requestIdleCallback?w.requestIdleCallback(load,{timeout:4000}):setTimeout(load,200)}" +
    "d.readyState==='complete'?idle():w.addEventListener('load',idle);" +
    `w.fbq('init',id)})(window,document,${id});`
  );
}

type MetaWindow = Window & {
  fbq?: (...args: unknown[]) => void;
  __shopMetaPixel?: string;
};

function newEventId(): string {
  const c = globalThis.crypto;
  return c?.randomUUID ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Reports one browsing event when the page has the Pixel (else does nothing): to Meta through
 * `fbq` with an event_id, and the same event to the shop by a beacon for the Conversions API.
 */
export function trackMetaEvent(name: MetaBrowserEvent, customData: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  const w = window as MetaWindow;
  if (!w.__shopMetaPixel || !w.fbq) return;
  const eventId = newEventId();
  w.fbq("track", name, customData, { eventID: eventId });
  const body = JSON.stringify({
    event_name: name,
    event_id: eventId,
    event_source_url: w.location.href,
    custom_data: customData,
  });
  try {
    const sent = navigator.sendBeacon?.(META_EVENTS_PATH, new Blob([body], { type: "application/json" }));
    if (!sent)
      void fetch(META_EVENTS_PATH, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "Content-Type": "application/json" },
      }).catch(() => {});
  } catch {
    // A browsing event is worth no error on the buyer's screen.
  }
}
