import { z } from "~/lib/zod";
import { readAnnouncementInput } from "./announcement";
import { readHeroSlideInput } from "./hero-slides";
import { readPerksInput } from "./perks";

/** The forms' posted text (what each reader takes); an empty field arrives as undefined, read as "". */
const posted = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")) as Record<string, string>;

function refuseEach(errors: Record<string, string | undefined>, ctx: z.RefinementCtx) {
  for (const [name, message] of Object.entries(errors))
    if (message) ctx.addIssue({ code: "custom", path: [name], message });
  return z.NEVER;
}

const rowId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);

/**
 * The one schema of Storefront -> Home page: the announcement bar, a slide (its pictures are files,
 * checked on the server beside it), the perks; and the buttons that move, delete or reset. The page
 * checks the three typed forms in the browser, the action on the server, with the module's rules.
 */
export const storefrontHomeSchema = z.discriminatedUnion("intent", [
  z.looseObject({ intent: z.literal("announcement") }).transform((form, ctx) => {
    const read = readAnnouncementInput(posted(form));
    return read.ok ? { intent: form.intent, input: read.input } : refuseEach(read.errors, ctx);
  }),
  z
    .looseObject({ intent: z.literal("slide-save"), id: rowId, removePhoneImage: z.string().optional() })
    .transform((form, ctx) => {
      const read = readHeroSlideInput(posted(form));
      return read.ok
        ? {
            intent: form.intent,
            id: form.id ?? null,
            input: read.input,
            removePhoneImage: form.removePhoneImage === "on",
          }
        : refuseEach(read.errors, ctx);
    }),
  z.object({ intent: z.enum(["slide-up", "slide-down", "slide-delete"]), id: rowId }),
  z.looseObject({ intent: z.literal("perks") }).transform((form, ctx) => {
    const read = readPerksInput(posted(form));
    return read.ok ? { intent: form.intent, perks: read.perks } : refuseEach(read.errors, ctx);
  }),
  z.object({ intent: z.literal("perks-reset") }),
]);

export const REFUSED_BY_FORM = {
  announcement: "The announcement was not saved: please correct the fields marked below.",
  "slide-save": "The slide was not saved: please correct the fields marked below.",
  perks: "The perks were not saved: please correct the fields marked below.",
} as const;
