import { Writable } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { STYLE_ID } from "~/components/layout/inline-styles";
import { ANNOUNCEMENT_DISMISS_SCRIPT } from "~/lib/announcement-dismiss";
import { deferHydration } from "~/http/defer-hydration.server";
import { logger } from "~/lib/logger.server";
import { loggableUrl } from "~/lib/log-redaction";
import { contentSecurityPolicy, newNonce } from "~/http/security-headers.server";
import { metaPixelBootstrap } from "~/lib/meta-pixel";
// The stylesheet as text, for the server bundle only: a first visit's page carries it inline (first
// paint without a stylesheet round trip) and the browser bundle stays free of it. Signed-in pages
// link the built file instead (components/layout/inline-styles.tsx).
import appCss from "./app.css?inline";
import stylesheetHref from "./app.css?url";

// React renders the stylesheet's element empty (InlineStyles) and the bytes are put in afterwards,
// so React does not encode the same 46 KB again on every request.
const EMPTY_STYLE = Buffer.from(`<style id="${STYLE_ID}"></style>`);
const STYLE_OPEN_LENGTH = `<style id="${STYLE_ID}">`.length;
const CSS_BYTES = Buffer.from(appCss);
const LINKED_STYLE = Buffer.from(`<link id="${STYLE_ID}" rel="stylesheet" href="${stylesheetHref}"/>`);
// The sign-in page fetches the file while the visitor types, so their first signed-in page finds it cached.
const PREFETCH_STYLE = Buffer.from(`<link rel="prefetch" as="style" href="${stylesheetHref}"/>`);
const SIGN_IN_PATH = "/auth";

function withStylesheet(
  html: Buffer<ArrayBuffer>,
  how: "inline" | "inline-and-prefetch" | "linked",
  headScript: Buffer | null,
): Buffer<ArrayBuffer> {
  const at = html.indexOf(EMPTY_STYLE);
  if (at < 0) return html;
  const end = at + EMPTY_STYLE.length;
  const after = headScript ? [headScript] : [];
  if (how === "linked") return Buffer.concat([html.subarray(0, at), LINKED_STYLE, ...after, html.subarray(end)]);
  const split = at + STYLE_OPEN_LENGTH;
  const prefetch = how === "inline-and-prefetch" ? [PREFETCH_STYLE] : [];
  return Buffer.concat([
    html.subarray(0, split),
    CSS_BYTES,
    html.subarray(split, end),
    ...prefetch,
    ...after,
    html.subarray(end),
  ]);
}

/**
 * A page showing the announcement bar carries the script that keeps it closed once dismissed
 * (app/lib/announcement-dismiss.ts), with the page's nonce, before the body paints. Written here
 * rather than by React: React 19 skips a script it did not render in the head when it hydrates.
 */
function dismissScript(routerContext: EntryContext, nonce: string): Buffer | null {
  const root = rootData(routerContext);
  const dismiss = root?.announcement ? `<script nonce="${nonce}">${ANNOUNCEMENT_DISMISS_SCRIPT}</script>` : "";
  // The Meta Pixel's bootstrap (app/lib/meta-pixel.ts) rides along: the same nonce, the same place.
  const pixel = root?.metaPixelId ? `<script nonce="${nonce}">${metaPixelBootstrap(root.metaPixelId)}</script>` : "";
  return dismiss || pixel ? Buffer.from(dismiss + pixel) : null;
}

function rootData(routerContext: EntryContext): { announcement?: unknown; metaPixelId?: string | null } | undefined {
  return routerContext.staticHandlerContext.loaderData?.root as
    { announcement?: unknown; metaPixelId?: string | null } | undefined;
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every page gets its own nonce: React Router's scripts (<Scripts>, <ScrollRestoration>), React's
  // own and the hydration loader carry it, and the policy sent with the page names it. A page kept in
  // the guest page cache keeps its nonce with it (server/page-cache.ts).
  const nonce = newNonce();
  const metaPixelId = rootData(routerContext)?.metaPixelId ?? null;
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(loadContext.env, nonce, { metaPixel: metaPixelId !== null }),
  );
  // A page that shows a signed-in person's name, cart or orders must never sit in a shared cache.
  const personal = isPersonal(request, routerContext);
  if (personal) responseHeaders.set("Cache-Control", "private, no-store");
  const stylesheet = personal
    ? "linked"
    : new URL(request.url).pathname === SIGN_IN_PATH
      ? "inline-and-prefetch"
      : "inline";

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    const renderErrors: unknown[] = [];
    // The whole page is rendered before anything is sent and goes out as one buffer: no page here
    // streams data in later, and one write costs far less than piping chunks through a Node stream,
    // a web stream and compression.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(withStylesheet(Buffer.concat(chunks), stylesheet, dismissScript(routerContext, nonce)), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          for (const error of renderErrors)
            logger.error({ err: error, ...loggableUrl(pathAndQuery(request.url)) }, "render failed");
          // Route modules load after the first paint (app/http/defer-hydration.server.ts).
          const deferred = deferHydration();
          deferred.pipe(collect);
          pipe(deferred);
        },
        onShellError(error: unknown) {
          // handleDocumentRequest logs a failed shell when this rejects.
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          renderErrors.push(error);
        },
      },
    );
  });
}

/** Loader, action and render errors, as one JSON log line each (aborted requests are not errors). */
function isPersonal(request: Request, routerContext: EntryContext): boolean {
  const root = routerContext.staticHandlerContext.loaderData?.root as { user?: unknown } | undefined;
  return Boolean(root?.user) || Boolean(request.headers.get("cookie")?.includes("session_token"));
}

/** Data requests (client navigations) of a signed-in person are personal too. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (request.headers.get("cookie")?.includes("session_token"))
    response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, ...loggableUrl(pathAndQuery(request.url)) }, "request failed");
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
