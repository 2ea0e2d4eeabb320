import { describe, expect, it } from "vitest";
import { metaPixelBootstrap } from "~/lib/meta-pixel";
import { contentSecurityPolicy } from "./security-headers.server";
import { metaBrowserEvent } from "./meta-browser-event.server";

const ENV = { PUBLIC_URL: "https://shop.example", GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined };

describe("the Meta Pixel in pages and their policy", () => {
  it("names no Meta host in the policy without a Pixel, and only Meta's hosts with one", () => {
    const off = contentSecurityPolicy(ENV, "n0nce");
    expect(off).not.toMatch(/facebook/);
    const on = contentSecurityPolicy(ENV, "n0nce", { metaPixel: true });
    expect(on).toContain("script-src 'self' 'nonce-n0nce' https://connect.facebook.net");
    expect(on).toContain("img-src 'self' data: blob: https://www.facebook.com");
    expect(on).toContain("connect-src 'self' https://www.facebook.com https://connect.facebook.net");
    expect(on).toContain("default-src 'self'");
  });

  it("writes a bootstrap that queues fbq calls and loads Meta's script only once the page is idle", () => {
    const script = metaPixelBootstrap("1234567890123");
    const appended: { src: string }[] = [];
    const listeners: Record<string, () => void> = {};
    const w: Record<string, unknown> = {
      addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
      requestIdleCallback: (fn: () => void) => fn(),
    };
    const d = {
      readyState: "loading",
      head: { appendChild: (el: { src: string }) => appended.push(el) },
      createElement: () => ({ src: "" }),
    };
    new Function("window", "document", script)(w, d);
    const fbq = w.fbq as { queue: unknown[][] } & ((...a: unknown[]) => void);
    expect(w.__shopMetaPixel).toBe("1234567890123");
    expect(fbq.queue.map((args) => [...args])).toEqual([["init", "1234567890123"]]);
    expect(appended).toHaveLength(0); // not before the page has loaded
    listeners.load();
    expect(appended.map((s) => s.src)).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    // A Pixel ID is digits: nothing else reaches the script.
    expect(metaPixelBootstrap('1"); alert(1); ("')).toContain('(window,document,"11")');
  });
});

describe("a browsing event reported by the browser", () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request("https://shop.example/api/meta-events", {
      method: "POST",
      headers: {
        "user-agent": "Mozilla/5.0 Test",
        "x-shop-client-ip": "203.0.113.5",
        cookie: "_fbp=fb.1.100.200; other=1",
        ...headers,
      },
    });
  const body = {
    event_name: "ViewContent",
    event_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    event_source_url: "https://shop.example/product/pocket-tee",
    custom_data: { content_ids: ["pocket-tee"], content_type: "product_group", currency: "PKR", value: 1299 },
  };

  it("becomes a Conversions API event with the client's address, user agent and _fbp", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    const event = metaBrowserEvent(request(), body, "https://shop.example", null, now);
    expect(event).toMatchObject({
      event_name: "ViewContent",
      event_id: body.event_id,
      event_time: Math.floor(now.getTime() / 1000),
      action_source: "website",
      event_source_url: body.event_source_url,
      custom_data: body.custom_data,
      user_data: { client_ip_address: "203.0.113.5", client_user_agent: "Mozilla/5.0 Test", fbp: "fb.1.100.200" },
    });
  });

  it("is refused for another event, another site's page, or data it does not know", () => {
    expect(metaBrowserEvent(request(), { ...body, event_name: "Purchase" }, "https://shop.example", null)).toBeNull();
    expect(
      metaBrowserEvent(
        request(),
        { ...body, event_source_url: "https://evil.example/x" },
        "https://shop.example",
        null,
      ),
    ).toBeNull();
    expect(
      metaBrowserEvent(request(), { ...body, custom_data: { email: "a@b.pk" } }, "https://shop.example", null),
    ).toBeNull();
    expect(metaBrowserEvent(request(), { ...body, event_id: "x" }, "https://shop.example", null)).toBeNull();
    expect(metaBrowserEvent(request(), "nonsense", "https://shop.example", null)).toBeNull();
  });
});
