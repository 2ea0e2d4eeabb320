import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssContext } from "~/components/layout/inline-styles";
import { deferHydration } from "~/lib/defer-hydration.server";
import { logger } from "~/lib/logger.server";
// The stylesheet as text, for the server bundle only: every page carries it inline (first paint
// without a stylesheet round trip) and the browser bundle stays free of it.
import appCss from "./app.css?inline";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // A page that shows a signed-in person's name, cart or orders must never sit in a shared cache.
  if (isPersonal(request, routerContext)) responseHeaders.set("Cache-Control", "private, no-store");

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext value={appCss}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineCssContext>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // Route modules load after the first paint (app/lib/defer-hydration.server.ts).
          const deferred = deferHydration();
          deferred.pipe(body);
          pipe(deferred);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            logger.error({ err: error, url: request.url }, "render failed");
          }
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
  if (request.headers.get("cookie")?.includes("session_token")) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, url: request.url }, "request failed");
}
