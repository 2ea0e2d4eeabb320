import type { Db } from "~/db/client.server";
import type { Providers } from "~/integrations/providers.server";

/**
 * What every flow is given: the database, the outside services (app/integrations/providers.server.ts)
 * for the flows that reach one, and the clock when a caller (a test, a job) fixes it. The request
 * context (server/app.ts) carries the same `db` and `providers`, so a route passes its context as it
 * is. `providers` is optional because most flows never leave the database (placing, moving and
 * cancelling orders, the cart, deleting an account: better-auth's hook has no providers); a flow that
 * needs them takes them with `providersOf`, which says so when a caller left them out.
 */
export type FlowContext = { db: Db; providers?: Providers; now?: Date };

/** The context's providers, for a flow that talks to an outside service; a caller that left them out is a bug. */
export function providersOf(ctx: FlowContext, flow: string): Providers {
  if (!ctx.providers)
    throw new Error(
      `${flow} needs the providers (the courier portal, senders): pass them in its context, as the request context has them (context.providers).`,
    );
  return ctx.providers;
}
