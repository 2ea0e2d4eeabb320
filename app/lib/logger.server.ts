import pino from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const level = process.env.LOG_LEVEL ?? "";

/** One JSON logger for the whole server. A bad LOG_LEVEL is reported by the env check at start-up. */
export const logger = pino({ level: LEVELS.includes(level) ? level : "info" });
