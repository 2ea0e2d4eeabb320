import { parseCookie } from "cookie";
import type { IncomingMessage, ServerResponse } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { waitingRoomProducts } from "~/modules/launches/launches.server";
import { getSettings } from "~/modules/settings/reads";
import {
  answerP90,
  DEFAULT_LIMITS,
  isBusy,
  latestOpening,
  nextStep,
  passPredates,
  placeInLine,
  refreshSeconds,
  STEP_RANGE,
  waitText,
  type AdmissionLimits,
  type LoadSample,
} from "~/modules/waiting-room/admission-rules";
import { admitMore, readLine, takeTicket, type Line } from "~/modules/waiting-room/waiting-room.server";
import { createTokenSigner } from "~/modules/waiting-room/waiting-room-token";
import { PASS_COOKIE, TICKET_COOKIE } from "./waiting-room-cookies";
import { PRIVATE_PAGE_CACHE_CONTROL } from "./page-cache";

export { PASS_COOKIE, TICKET_COOKIE };
/** An admitted shopper's pass: renewed by every page of the launch they open, so it runs out only when they stop. */
export const PASS_SECONDS = 20 * 60;
/** How often each process measures itself, lets more in, and reads the line. */
const TICK_MS = 1000;
/** The launches' products are looked up again after this. */
const PRODUCTS_TTL_MS = 5000;

export type WaitingRoomGate = {
  /** Lets the request through (`next`), or answers it: the waiting page, or 503 to a client that skips the line. */
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** One tick now (measure, let in, read the line): the timer calls it every second. */
  tick: () => Promise<void>;
  stop: () => void;
};

export type GateOptions = {
  db: Db;
  authSecret: string;
  /** The security headers every answer carries (server/app.ts). */
  headers: Record<string, string>;
  secureCookies: boolean;
  /** Requests waiting for a database connection now (PostgreSQL's pool); none on PGlite. */
  poolWaiting?: () => number;
  limits?: AdmissionLimits;
  /** Tests measure the load themselves. */
  sampleLoad?: (measured: LoadSample) => LoadSample;
  clock?: () => Date;
  /** Tests drive `tick` themselves. */
  timer?: boolean;
};

/**
 * The launch's waiting room (issue 43, decision 0034), in front of the page cache and React Router.
 * Only while a launch using it is near (10 minutes before to 6 hours after it opens) and only for its
 * products' pages, the cart, checkout and their APIs; everything else, and every other day, passes
 * untouched with one in-memory check.
 *
 * A shopper with a pass goes on (the pass renewed). Without one, a shopper arriving when nobody is
 * waiting and this process keeps up goes on with a pass; otherwise they take a ticket (the next
 * number, in PostgreSQL or PGlite, so arrival order holds across processes) and see the waiting
 * page: their place, about how long, refreshing itself (no JavaScript needed). Each process, every
 * second, lets more tickets in when it is not busy, more each second while it keeps up and half as
 * many as soon as it does not. A client that skips the line (an API call with no pass while people
 * wait) gets 503 with Retry-After.
 */
export function createWaitingRoomGate(options: GateOptions): WaitingRoomGate {
  const { db, headers } = options;
  const clock = options.clock ?? (() => new Date());
  const limits = options.limits ?? DEFAULT_LIMITS;
  const signer = createTokenSigner(options.authSecret);
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let inFlight = 0;
  /** How long this second's answers took (ms), for the p90; capped so a flood costs no memory. */
  let answers: number[] = [];
  let busy = false;
  let step: number = STEP_RANGE.start;
  let line: Line = { lastTicket: 0, admittedThrough: 0, perSecond: 0 };
  /** Whether `line` has been read yet: until then this process cannot tell that nobody waits. */
  let lineRead = false;
  let products = new Set<string>();
  let openings: Date[] = [];
  /** Every piece of the launches is sold: the waiting page says so. */
  let soldOut = false;
  /** The opening (s) the pace last started again from. */
  let paceFrom: number | null = null;
  /** Shoppers this process let straight in since the last tick (at most `step` a second), and from the line at the last tick. */
  let direct = 0;
  let movedBy = 0;
  let productsAt = -Infinity;
  let brand = "Kapra";
  let lookup: Promise<void> | null = null;

  const refreshProducts = () => {
    lookup ??= Promise.all([waitingRoomProducts(db, clock()), getSettings(db)])
      .then(([rooms, settings]) => {
        products = new Set(rooms.productIds);
        openings = rooms.openings;
        soldOut = rooms.soldOut;
        brand = settings.brandName;
        productsAt = Date.now();
      })
      .catch((error) => logger.warn({ err: error }, "could not read the launches' waiting rooms"))
      .finally(() => (lookup = null));
    return lookup;
  };
  const active = () => products.size > 0;

  const tick = async () => {
    if (Date.now() - productsAt > PRODUCTS_TTL_MS) await refreshProducts();
    const measured: LoadSample = {
      inFlight,
      loopDelayMs: loop.percentile(99) / 1e6,
      poolWaiting: options.poolWaiting?.() ?? 0,
      answerMs: answerP90(answers),
    };
    answers = [];
    loop.reset();
    const sample = options.sampleLoad ? options.sampleLoad(measured) : measured;
    busy = isBusy(sample, limits);
    // The pace grows only while it is what holds shoppers back: a quiet hour does not raise it.
    if (busy || direct >= step || movedBy >= step) step = nextStep(step, busy);
    direct = 0;
    movedBy = 0;
    const opening = latestOpening(openings, clock());
    if (opening !== null && opening !== paceFrom) {
      // A launch has just opened: the crowd on its countdown comes in from a slow start.
      if (clock().getTime() / 1000 - opening < 60) step = STEP_RANGE.start;
      paceFrom = opening;
    }
    if (!active()) return;
    try {
      const before = line.admittedThrough;
      const moving = !busy && line.lastTicket > line.admittedThrough;
      line = moving ? await admitMore(db, step, clock()) : await readLine(db);
      if (moving && lineRead) movedBy = line.admittedThrough - before;
      lineRead = true;
    } catch (error) {
      logger.warn({ err: error }, "the waiting room could not read its line");
    }
  };
  const timer = options.timer === false ? null : setInterval(() => void tick(), TICK_MS);
  timer?.unref();
  void refreshProducts();

  const gated = (req: IncomingMessage, pathname: string) => {
    if (pathname === "/cart" || pathname === "/checkout") return "page";
    if (pathname.startsWith("/product/")) return products.has(decodeURIComponent(pathname.slice(9))) ? "page" : null;
    if (req.method === "POST" && (pathname === "/api/orders" || pathname === "/api/cart/items")) return "api";
    return null;
  };

  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${options.secureCookies ? "; Secure" : ""}`;

  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const letIn = (res: ServerResponse, ticket: number, next: () => void) => {
    const expires = nowSeconds() + PASS_SECONDS;
    res.appendHeader("Set-Cookie", cookie(PASS_COOKIE, signer.pass(ticket, expires), PASS_SECONDS));
    next();
  };

  const waitingPage = (res: ServerResponse, ticket: number, setTicket: boolean) => {
    const { place, seconds } = placeInLine(ticket, line.admittedThrough, line.perSecond);
    const refresh = refreshSeconds(place);
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(refresh),
      ...(setTicket ? { "Set-Cookie": cookie(TICKET_COOKIE, signer.ticket(ticket, nowSeconds()), 24 * 3600) } : {}),
    });
    res.end(renderWaitingPage({ brand, place, wait: waitText(seconds), refresh, soldOut }));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    // A live-updates stream stays open for minutes: neither work in flight nor an answer that took long.
    // A catalogue feed (/feeds/, Meta's crawler) is a machine's long read, never a shopper's: it is not
    // counted as load and never waits in line.
    if (req.url?.startsWith("/feeds/")) return next();
    if (!req.url?.startsWith("/api/events")) {
      inFlight++;
      const started = performance.now();
      res.once("close", () => {
        inFlight--;
        if (answers.length < 4096) answers.push(performance.now() - started);
      });
    }
    if (!active()) return next();
    const pathname = (req.url ?? "/").split("?")[0];
    const kind = gated(req, pathname);
    if (!kind) return next();
    // Whoever is let through, the page is theirs alone while the line stands: a cache in front (nginx,
    // a CDN) keeping it would hand it to shoppers who never queued (server/page-cache.ts honours this).
    if (kind === "page") res.setHeader("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
    // Raw values: the tickets and passes are signed base64url, read exactly as they were set.
    const cookies = parseCookie(req.headers.cookie ?? "", { decode: (value) => value });
    const pass = signer.read(cookies[PASS_COOKIE]);
    if (
      pass?.kind === "pass" &&
      pass.expiresAt > nowSeconds() &&
      !passPredates(pass.expiresAt, PASS_SECONDS, latestOpening(openings, clock()))
    ) {
      // Renewed once half of it is used, so a shopper still choosing keeps it.
      if (pass.expiresAt - nowSeconds() > PASS_SECONDS / 2) return next();
      return letIn(res, pass.ticket, next);
    }
    const held = signer.read(cookies[TICKET_COOKIE]);
    if (held?.kind === "ticket") {
      if (held.number <= line.admittedThrough) return letIn(res, held.number, next);
      if (kind === "page") return waitingPage(res, held.number, false);
    }
    const nobodyWaiting = line.lastTicket <= line.admittedThrough;
    if (kind === "api") {
      if (nobodyWaiting && !busy) return next();
      res.writeHead(503, {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "10",
      });
      return void res.end(
        JSON.stringify({
          error: {
            code: "WAITING_ROOM",
            message: "The shop is letting shoppers in in turn: open the shop in a browser, or try again shortly.",
          },
        }),
      );
    }
    const free = nobodyWaiting && !busy && direct < step && inFlight <= limits.maxInFlight;
    if (free && lineRead) {
      // Nobody waits and this process keeps up: in at once, with no ticket (no database write), up to
      // this second's pace, so a crowd arriving within one second still forms a line.
      direct++;
      return letIn(res, line.admittedThrough, next);
    }
    // A process that has not read the line yet asks the database whether anybody waits.
    takeTicket(db, free).then(
      ({ ticket, admitted }) => {
        if (ticket > line.lastTicket) line = { ...line, lastTicket: ticket };
        if (admitted) return letIn(res, ticket, next);
        waitingPage(res, ticket, true);
      },
      (error) => {
        // The line cannot be read: better to serve than to stand everyone in front of an error.
        logger.warn({ err: error }, "the waiting room could not give a ticket; letting the shopper in");
        next();
      },
    );
  };

  return {
    handle,
    tick,
    stop: () => {
      if (timer) clearInterval(timer);
      loop.disable();
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The waiting page: plain HTML with no script (it refreshes itself with a meta refresh), small
 * enough for a slow phone, styled inline by its one stylesheet-free rule set.
 */
export function renderWaitingPage({
  brand,
  place,
  wait,
  refresh,
  soldOut = false,
}: {
  brand: string;
  place: number;
  wait: string;
  refresh: number;
  soldOut?: boolean;
}): string {
  const name = escapeHtml(brand);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refresh}"><title>You are in line · ${name}</title>
<meta name="robots" content="noindex"></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#fafaf9;color:#1c1917">
<main style="max-width:32rem;margin:12vh auto;padding:1.5rem;text-align:center">
<p style="font-weight:700;letter-spacing:.02em">${name}</p>
<h1 style="font-size:1.6rem;margin:.5rem 0">You are in line</h1>
<p>So many shoppers came for the launch that we let them in in turn, in the order they arrived.</p>
<p style="font-size:1.2rem" role="status">Your place: <strong>${place.toLocaleString("en-PK")}</strong> · ${escapeHtml(wait)}</p>
${
  soldOut
    ? `<p role="alert" style="font-weight:700">Everything in this launch has sold out.</p>
<p>We are sorry: every piece has been ordered. <a href="/" style="color:#24493f">Browse the rest of the shop</a>, which needs no waiting; if an order is cancelled, its pieces come back for those still in line.</p>`
    : ""
}<p>This page refreshes itself: keep it open. Refreshing it or opening more tabs keeps your place; you do not lose it and cannot gain one.</p>
</main></body></html>`;
}
