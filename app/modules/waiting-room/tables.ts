import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, real, timestamp } from "drizzle-orm/pg-core";

// modules/waiting-room's table: only modules/waiting-room writes it. Imports are relative:
// drizzle-kit reads the schema without the "~/" alias.

/**
 * The waiting room's one line, shared by every server process (decision 0034): the last ticket
 * given out and the last ticket let in, both only ever growing, so a ticket's place is its number
 * less `admitted_through`, in arrival order whichever process gave it. `per_second` is how many were
 * let in per second of late (for the estimate a waiting shopper sees).
 */
export const waitingRoom = pgTable(
  "waiting_room",
  {
    id: integer("id").primaryKey().default(1),
    lastTicket: bigint("last_ticket", { mode: "number" }).notNull().default(0),
    admittedThrough: bigint("admitted_through", { mode: "number" }).notNull().default(0),
    perSecond: real("per_second").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("waiting_room_one_row", sql`${t.id} = 1`),
    check("waiting_room_admitted_given", sql`${t.admittedThrough} <= ${t.lastTicket}`),
  ],
);
