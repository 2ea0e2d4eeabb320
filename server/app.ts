import "react-router";
import cluster from "node:cluster";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { logger } from "~/lib/logger.server";
import type { Database, Db } from "~/db/client.server";
import { ConfigError, parseEnv, type Env } from "~/lib/env.server";
import { loadAuthSecret, type Auth } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { loggableUrl } from "~/lib/log-redaction";
import { createHostCheck, isHttpsShop, publicOrigin } from "~/lib/public-origin";
import { securityHeaders } from "~/http/security-headers.server";
import { getMediaFile } from "~/modules/media/get-media-file.server";
import { closeProviders, createProviders, type Providers } from "~/integrations/providers.server";
import { createSecretBoxes, type SecretBoxes } from "~/db/secret-box.server";
import { startMailWorker } from "~/modules/messages/mail-worker.server";
import { whatsappOrderDesk } from "~/flows/whatsapp-order-desk.server";
import { openPreparedDatabase, prepareShop, type ShopDatabase } from "./bootstrap";
import { isClusterWorker, processCount, runPrimary } from "./cluster";
import { drainHttpServer, onShutdownSignal } from "./graceful-shutdown";
import { refuseCrossSiteWrites, SIGNED_WEBHOOK_PATHS } from "./cross-site-guard";
import { createLiveEventsHandler } from "./live-events-handler";
import { createLiveHub, type LiveHub } from "./live-hub";
import { startCartReminders } from "./cart-reminder-job";
import { startMetaPurchases } from "./meta-purchase-job";
import { createMetaEventRelay, type MetaEventRelay } from "~/modules/messages/meta-event-relay.server";
import { startLowStockDigest } from "./low-stock-digest-job";
import { startCourierSync } from "./courier-sync-job";
import { startCourierBooking } from "./courier-booking-job";
import { startLauncher } from "./launcher";
import { drawSeedPhotos } from "~/seed/draw-seed-photos.server";
import { createPageCache } from "./page-cache";
import { createReadCacheListener } from "./read-cache-listener";
import { withDatabaseOutages } from "./database-outage";
import { startBackupSocket } from "./backup-socket";
import { createMediaCache } from "./media-cache";
import { createRobotsTxt } from "./robots-txt";
import { limitRequestBodies } from "./body-limit";
import { createStaticFiles } from "./static-files";
import { createSettingsListener, type SettingsListener } from "./settings-listener";
import { guardWhatsappWebhook, type TrustProxy } from "./whatsapp-webhook-gate";
import { startPaymentExpiry } from "./payment-expiry-job";
import { createWaitingRoomGate } from "./waiting-room-gate";
import { createOrderSourceCookie } from "./order-source-cookie";

type ReadCacheListener = ReturnType<typeof createReadCacheListener>;

declare module "react-router" {
  interface AppLoadContext {
    db: Db;
    env: Env;
    auth: Auth;
    /** The outside services (e-mail, couriers), each behind its module's port: app/integrations/providers.server.ts. */
    providers: Providers;
    /** Seals and opens the secrets kept in the database (WhatsApp's token, ...), keyed from the auth secret: db/secret-box.server.ts. */
    secretBoxes: SecretBoxes;
    /** Buyers' browsing events on their way to Meta's Conversions API, in batches (issue 44). */
    metaEvents?: MetaEventRelay;
  }
}

/** What a request handler needs, made once per process. */
export type Services = {
  database: Pick<Database, "db" | "listen" | "poolWaiting">;
  /** Signs the waiting room's tickets and passes (server/waiting-room-gate.ts). */
  authSecret: string;
  env: Env;
  auth: Auth;
  providers: Providers;
  secretBoxes: SecretBoxes;
  live: LiveHub;
  settings: SettingsListener;
  readCache: ReadCacheListener;
  metaEvents: MetaEventRelay;
};

/** `providers`: made from `env` (app/integrations/providers.server.ts) unless given, as a test may. */
export async function createServices(
  database: Pick<Database, "db" | "listen" | "poolWaiting">,
  env: Env,
  providers: Providers = createProviders(env),
): Promise<Services> {
  const secret = await loadAuthSecret(database.db, env, logger);
  const auth = createShopAuth({ db: database.db, env, secret, logger });
  const secretBoxes = createSecretBoxes(secret);
  const live = createLiveHub(database);
  const settings = createSettingsListener(database);
  const readCache = createReadCacheListener(database, env.READ_CACHE_MB * MB);
  await Promise.all([live.start(), settings.start(), readCache.start()]);
  const metaEvents = createMetaEventRelay({
    db: database.db,
    sender: providers.messaging.meta,
    box: secretBoxes["marketing-settings"],
    logger,
  });
  return { database, authSecret: secret, env, auth, providers, secretBoxes, live, settings, readCache, metaEvents };
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const MB = 1024 * 1024;

/**
 * Pages are compressed on every request: a low level costs about half the CPU of the default (6)
 * for a few percent more bytes (a 57 KB product list: 11.2 KB at gzip 3, 10.3 KB at 6; brotli 3,
 * which browsers ask for over HTTPS, 10.0 KB).
 */
const PAGE_COMPRESSION = compression({ level: 3, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } });

/**
 * The cart, checkout, the buyer's account and the seller's pages: what a guest gets there the page
 * cache may reuse, but it goes out private, never kept by a cache in front (server/page-cache.ts).
 */
const UNSHARED_PAGES = /^\/(cart|checkout|orders|buyer-dashboard|set-password|seller)(\/|-|$)/;

/** Health probes never go through the guest page cache: they must say how things are now. */
const PROBES = new Set(["/healthz", "/readyz"]);
const READY_TIMEOUT_MS = 2_000;

/** `select 1` within the time limit: false when the database is down, stuck or unreachable. */
async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true as const,
        () => false as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * In production a request must name the shop's own host (PUBLIC_URL's, or a loopback name on PORT
 * when PUBLIC_URL is not set): pages, sign-in and the page cache then never see a Host an attacker
 * chose. Anything else gets 421 Misdirected Request ("this server does not answer for that name"),
 * except the health probes, which load balancers send to an address. A request-target that is not a
 * path (`GET http://evil/ HTTP/1.1`) is refused too.
 */
function refuseOtherHosts(
  env: Env,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  headers: Record<string, string>,
) {
  if (env.NODE_ENV !== "production") return handler;
  const hostAccepted = createHostCheck(env);
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (!url.startsWith("/"))
      return void res
        .writeHead(400, { ...headers, "Content-Type": "text/plain; charset=utf-8" })
        .end("Bad request target");
    if (hostAccepted(req.headers.host) || PROBES.has(url.split("?")[0])) return handler(req, res);
    logger.warn(
      { host: String(req.headers.host ?? "").slice(0, 100), ...loggableUrl(url) },
      "request for another host refused",
    );
    const message = "This server does not answer for that host name.";
    const api = url.startsWith("/api/");
    res.writeHead(421, {
      ...headers,
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    });
    res.end(
      req.method === "HEAD"
        ? undefined
        : api
          ? JSON.stringify({ error: { code: "MISDIRECTED_REQUEST", message } })
          : message,
    );
  };
}

/**
 * The shop's request handler: static files and images through Express, guests' page views through
 * the page cache, everything else (forms, signed-in visitors) rendered fresh by React Router.
 */
export function createApp({
  services,
  serveAssets,
  build: given = loadServerBuild,
}: {
  services: Services;
  serveAssets: boolean;
  build?: ServerBuild | (() => Promise<ServerBuild>);
}) {
  const build =
    typeof given === "function" ? async () => withDatabaseOutages(await given()) : withDatabaseOutages(given);
  const { env, auth, providers } = services;
  const db = services.database.db;
  const origin = publicOrigin(env);
  const headers = securityHeaders(env);
  const { "Content-Security-Policy": defaultPolicy, ...otherHeaders } = headers;
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses (never `true`): X-Forwarded-For is read from the right, so
  // the address the sign-in limit counts is the one our own proxy saw, whatever the client wrote.
  app.set("trust proxy", env.TRUST_PROXY);
  // For a load balancer: /healthz says the process is up; /readyz that the database answers too.
  // Before the request log: a balancer asks every few seconds.
  app.get("/healthz", (_req, res) => void res.set("Cache-Control", "no-store").json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const ready = await databaseAnswers(db, READY_TIMEOUT_MS);
    res
      .status(ready ? 200 : 503)
      .json(
        ready
          ? { status: "ready" }
          : { status: "unavailable", error: { code: "DATABASE_UNAVAILABLE", message: "The database does not answer" } },
      );
  });

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.set(otherHeaders);
    // A page sets its own policy naming its nonce (app/entry.server.tsx); everything else gets the default.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      if (!this.hasHeader("content-security-policy")) this.setHeader("Content-Security-Policy", defaultPolicy);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    // Sign-in rate limits key on this; whatever a client sends under that name is replaced.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: query strings carry tokens, phone numbers and addresses.
      logger.info(
        { method: req.method, ...loggableUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  app.use(refuseCrossSiteWrites(env));
  // The live event stream is never compressed: compression would hold events back in its buffer.
  app.get("/api/events", createLiveEventsHandler(services));

  // Content-addressed images: a key never changes meaning, so browsers and CDNs keep them forever
  // and this process keeps the popular ones in memory.
  const media = createMediaCache(env.MEDIA_CACHE_MB * MB);
  app.get("/media/:file", async (req, res, next) => {
    try {
      const key = req.params.file.replace(/\.webp$/, "");
      let file = media.get(key);
      if (!file) {
        file = (await getMediaFile(db, key)) ?? undefined;
        if (!file) return void res.status(404).type("text/plain").send("Not found");
        media.set(key, file);
      }
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("ETag", `"${key}"`);
      res.type(file.contentType).send(file.bytes);
    } catch (error) {
      next(error);
    }
  });

  const robotsTxt = createRobotsTxt(origin);
  app.get("/robots.txt", (req, res) => robotsTxt(req, res, headers));

  // The browser build from memory (server/static-files.ts); in development Vite serves it.
  const staticFiles = serveAssets ? createStaticFiles(path.resolve("build/client"), headers) : null;
  if (staticFiles) app.use((req, res, next) => void (staticFiles.serve(req, res, req.path) || next()));

  const loadContext = { db, env, auth, providers, secretBoxes: services.secretBoxes, metaEvents: services.metaEvents };
  app.use(PAGE_COMPRESSION, createRequestHandler({ build, getLoadContext: () => loadContext }));

  // Other hosts are refused, then Meta's webhook without a signature (server/whatsapp-webhook-gate.ts),
  // then bodies are bounded before anything reads them (server/body-limit.ts).
  const webhookGate = { db, trustProxy: app.get("trust proxy fn") as TrustProxy, headers };
  // A first visit from a campaign link, an ad or another site: where the buyer came from, for 30 days (issue 44).
  const keepOrderSource = createOrderSourceCookie({ origin, secureCookies: isHttpsShop(env) });
  if (env.NODE_ENV !== "production") {
    return refuseOtherHosts(
      env,
      guardWhatsappWebhook(
        limitRequestBodies((req: IncomingMessage, res: ServerResponse) => {
          keepOrderSource(req, res);
          app(req, res);
        }),
        webhookGate,
      ),
      headers,
    );
  }

  const render = createFetchHandler(build, env.NODE_ENV);
  const pageCache = createPageCache({
    render: (request) => render(request, loadContext),
    maxBytes: env.PAGE_CACHE_MB * MB,
    headers,
    origin,
    sharedPath: (pathname) => !UNSHARED_PAGES.test(pathname),
    onServed: (req, status, hit) =>
      logger.info({ method: req.method, ...loggableUrl(req.url), status, cache: hit ? "hit" : "miss" }, "request"),
  });
  // A launch's pages, the cart and checkout, while a launch using it is near and the shop is busy.
  const waitingRoom = createWaitingRoomGate({
    db,
    authSecret: services.authSecret,
    headers,
    secureCookies: isHttpsShop(env),
    poolWaiting: services.database.poolWaiting,
    limits: {
      maxInFlight: env.WAITING_ROOM_MAX_IN_FLIGHT,
      maxLoopDelayMs: env.WAITING_ROOM_MAX_LOOP_DELAY_MS,
      maxPoolWaiting: env.WAITING_ROOM_MAX_POOL_WAITING,
      maxAnswerMs: env.WAITING_ROOM_MAX_ANSWER_MS,
    },
  });
  // Pages show the brand, contacts and shipping rule: a settings change (in any process) drops them all.
  services.settings.onChange(() => pageCache.clear());
  // A scheduled sale, slide or bar starting or ending (no write announces it), or the storefront's content edited.
  services.readCache.onPagesChanged(() => pageCache.clear());
  return refuseOtherHosts(
    env,
    guardWhatsappWebhook(
      limitRequestBodies((req: IncomingMessage, res: ServerResponse) => {
        const pathname = (req.url ?? "/").split("?")[0];
        if (staticFiles?.serve(req, res, pathname)) return;
        if (pathname === "/robots.txt" && (req.method === "GET" || req.method === "HEAD"))
          return robotsTxt(req, res, headers);
        // Webhooks are never served from (or kept in) the page cache: each answer is for that request.
        if (pathname.startsWith("/media/") || PROBES.has(pathname) || SIGNED_WEBHOOK_PATHS.has(pathname))
          return app(req, res);
        keepOrderSource(req, res);
        waitingRoom.handle(req, res, () => pageCache.handle(req, res, () => app(req, res)));
      }),
      webhookGate,
    ),
    headers,
  );
}

/**
 * The React Router build. Production passes it resolved, once: given a function, React Router
 * re-derives its route tables on every request (meant for hot reload in development).
 */
const loadServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Starts the shop. On PostgreSQL with more than one process (server/cluster.ts) this process becomes
 * the primary: it prepares the database once and forks the workers, which each run `serveShop`.
 * Otherwise this one process prepares the database and serves.
 */
export async function main({ serveAssets = true } = {}) {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (isClusterWorker()) return serveShop(env, await openOrExit(() => openPreparedDatabase(env)), { serveAssets });
  const processes = processCount(env, logger);
  const database = await openOrExit(() => prepareShop(env, logger));
  if (processes === 1) return serveShop(env, database, { serveAssets });
  // The primary serves nothing: the workers open their own connections.
  await database.close();
  runPrimary({ workers: processes, logger });
}

async function openOrExit(open: () => Promise<ShopDatabase>): Promise<ShopDatabase> {
  try {
    return await open();
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
}

/** One serving process: HTTP server, live updates, mail worker, launcher and cart reminders, and a graceful stop on SIGTERM/SIGINT. */
async function serveShop(env: Env, database: ShopDatabase, { serveAssets }: { serveAssets: boolean }) {
  const services = await createServices(database, env);
  // Every process runs both: e-mails are claimed with SKIP LOCKED and launches are one atomic update, so each happens once.
  const stopLauncher = startLauncher(database.db, logger);
  // The seeded catalogue's photos, drawn after the first start while the shop already serves (each claimed by one process).
  const seedPhotos = drawSeedPhotos(database.db, {
    onError: (error) => logger.error({ err: error }, "drawing the catalogue's photos failed; trying again shortly"),
  });
  void seedPhotos.done.then((drawn) => {
    if (drawn > 0 && !seedPhotos.stopped) logger.info({ drawn }, "the seeded catalogue's photos are all drawn");
  });
  // Each forgotten-cart reminder is claimed with one upsert, so it too goes once.
  const stopCartReminders = startCartReminders(database.db, logger);
  // Orders that became real are reported to Meta; the outbox keeps one Purchase per order.
  const stopMetaPurchases = startMetaPurchases(database.db, publicOrigin(env), logger);
  // The daily low-stock e-mail: the day is claimed in daily_job_runs, so it too goes once.
  const stopLowStockDigest = startLowStockDigest(database.db, logger);
  // Couriers' tracking and payments over their APIs: each courier claimed with SKIP LOCKED, so it too is asked once.
  const stopCourierSync = startCourierSync(
    database.db,
    services.providers,
    services.secretBoxes["courier-credentials"],
    logger,
  );
  // Parcels waiting for an API courier's answer: each claimed with SKIP LOCKED and a lease, so it is sent by one process.
  const stopCourierBooking = startCourierBooking(database.db, services.providers, services.secretBoxes, logger);
  // Orders awaiting online payment past their time: checked with the gateway, then paid or cancelled (each under its row lock).
  const stopPaymentExpiry = startPaymentExpiry(
    database.db,
    { gateways: services.providers.payments, box: services.secretBoxes["payment-credentials"] },
    logger,
  );
  // The same senders as the requests' (Settings' test e-mail): made once, in createServices.
  const mailWorker = await startMailWorker(database, {
    senders: services.providers.messaging,
    whatsappBox: services.secretBoxes["whatsapp-settings"],
    marketingBox: services.secretBoxes["marketing-settings"],
    orderDesk: whatsappOrderDesk,
    from: env.MAIL_FROM ?? null,
    publicUrl: publicOrigin(env),
    logger,
  });
  if (!isClusterWorker() || cluster.worker?.id === 1) {
    if (!env.SMTP_URL) logger.warn("SMTP_URL is not set: e-mails are kept in the Email Logs tab but not sent");
    if (!env.PUBLIC_URL && env.NODE_ENV === "production") {
      logger.warn(
        `PUBLIC_URL is not set: the shop answers only on this machine (http://localhost:${env.PORT}, http://127.0.0.1:${env.PORT}) and its links and e-mails point there. Set PUBLIC_URL (https://your-domain) before it is reachable under its own name.`,
      );
    }
  }
  // `npm run backup` on the embedded database asks this process, the only one that can open it.
  const stopBackupSocket = env.DATABASE_URL ? async () => {} : await startBackupSocket(env.DATA_DIR, database, logger);
  const handler = createApp({ services, serveAssets, build: await loadServerBuild() });
  const server = http.createServer(handler);
  // Node closes an idle kept-alive connection after 5 s; a client (a reverse proxy, a browser, a test's
  // request context) that reuses it at that moment gets ECONNRESET. Idle connections are kept longer
  // than the proxies' and clients' own idle timeouts (nginx 60 s), so the client is the one that closes.
  server.keepAliveTimeout = 75_000;
  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}` }, "shop is listening");
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, `Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`);
    database.release();
    process.exit(1);
  });

  const shutdown = async () => {
    stopLauncher();
    stopCartReminders();
    stopMetaPurchases();
    stopLowStockDigest();
    stopCourierSync();
    stopCourierBooking();
    stopPaymentExpiry();
    // The mail worker finishes the e-mail it is sending while the HTTP server drains.
    await Promise.all([
      mailWorker.stop().catch(() => {}),
      seedPhotos.stop(),
      drainHttpServer(server, { closeStreams: () => services.live.closeStreams(), logger }),
    ]);
    // Browsing events still waiting go to Meta before the senders close (a few seconds' worth at most).
    await services.metaEvents.stop().catch(() => {});
    await closeProviders(services.providers).catch(() => {});
    await stopBackupSocket().catch(() => {});
    await services.live.stop().catch(() => {});
    await services.settings.stop().catch(() => {});
    await services.readCache.stop().catch(() => {});
    await database.close().catch(() => {});
    database.release();
  };
  onShutdownSignal(shutdown, logger);
  // A worker whose primary is gone (killed) has no one to hand it connections: it stops too.
  if (isClusterWorker()) process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  return { server, database, env };
}
