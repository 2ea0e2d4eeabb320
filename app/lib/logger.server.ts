import pino from "pino";
import { withoutQueries } from "./log-redaction";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const level = process.env.LOG_LEVEL ?? "";

/**
 * One JSON logger for the whole server. A bad LOG_LEVEL is reported by the env check at start-up.
 * Every line loses the query strings of the URLs in it just before it is written (a safety net:
 * the request log already writes paths only), so an error's message or stack that names a URL
 * with a token or phone number in it does not put that in the log.
 */
export const logger = pino({ level: LEVELS.includes(level) ? level : "info", hooks: { streamWrite: withoutQueries } });

/**
 * The one line that must keep its query: the owner's single-use set-password link on first start
 * (PRODUCT.md: printed once to the console). Use for nothing else.
 */
export const ownerLinkLogger = pino({ level: LEVELS.includes(level) ? level : "info" });
