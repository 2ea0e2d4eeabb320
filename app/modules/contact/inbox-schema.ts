import { z } from "~/lib/zod";

/** The Inbox's two buttons on a message. */
export const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-handled"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("mark-unhandled"), id: z.coerce.number().int().positive() }),
]);
