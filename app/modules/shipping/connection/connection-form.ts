import { z } from "~/lib/zod";
import type { ApiCourierKind } from "~/db/schema/statuses";
import type { CourierCredentials } from "../couriers/courier-api";

/** The couriers' APIs the shop can use, in the order Settings offers them. */
export const API_COURIER_KINDS = [
  "postex",
  "leopards",
  "tcs",
  "trax",
  "mnp",
] as const satisfies readonly ApiCourierKind[];

const MAX_CREDENTIAL = 500;
export const SYNC_EVERY_RANGE = { min: 15, max: 1440 } as const;

/** A typed credential's field: `cred-<key>`. Never sent back to the page. */
export const CREDENTIAL_PREFIX = "cred-";
export const isCredentialField = (name: string) => name.startsWith(CREDENTIAL_PREFIX);

export const UNKNOWN_CONNECTION_ACTION = "That action is not known here: reload the page and try again.";

/**
 * The Test connection form: which API, and the credentials typed (`cred-<key>`); empty ones are
 * left out (the saved ones are kept). Which fields an API needs is the API's (connectCourierApi).
 */
const connectSchema = z
  .looseObject({
    intent: z.literal("connect"),
    provider: z.enum(API_COURIER_KINDS, { error: "Choose PostEx, Leopards, TCS, Trax or M&P API" }),
  })
  .transform((form, ctx) => {
    const typed: CourierCredentials = {};
    for (const [name, value] of Object.entries(form)) {
      if (!isCredentialField(name) || typeof value !== "string") continue;
      const trimmed = value.trim();
      if (!trimmed) continue;
      if (trimmed.length > MAX_CREDENTIAL) {
        ctx.addIssue({
          code: "custom",
          path: [],
          message: "A credential is too long: paste it again, exactly as the courier gave it",
        });
        return z.NEVER;
      }
      typed[name.slice(CREDENTIAL_PREFIX.length)] = trimmed;
    }
    return { intent: form.intent, kind: form.provider, typed };
  });

/** The pickup address (empty: the courier's default) and how often to sync, as whole minutes. */
const settingsSchema = z.object({
  intent: z.literal("settings"),
  pickupAddressCode: z
    .string()
    .default("")
    .transform((v) => v.trim().slice(0, 100) || null),
  syncEveryMinutes: z
    .string({ error: "Enter whole minutes from 15 to 1440" })
    .transform((v) => v.trim())
    .pipe(z.string().regex(/^\d{1,5}$/, "Enter whole minutes from 15 to 1440"))
    // The range is checked with the pickup address on the server (saveConnectionSettings), both messages at once.
    .transform(Number),
});

/**
 * The one schema of a courier's API connection page: Test connection (per API), Pickup and sync,
 * and Use files again (a button).
 */
export const connectionFormSchema = z.discriminatedUnion("intent", [
  connectSchema,
  settingsSchema,
  z.object({ intent: z.literal("use-files") }),
]);
