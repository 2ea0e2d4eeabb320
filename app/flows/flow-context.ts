import type { Db } from "~/db/client.server";

/**
 * What every flow is given: the database, and the clock when a caller (a test, a job) fixes it. The
 * request context (server/app.ts) carries the same `db`, so a route passes its context as it is.
 */
export type FlowContext = { db: Db; now?: Date };
