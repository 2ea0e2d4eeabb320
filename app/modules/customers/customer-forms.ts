import { z } from "~/lib/zod";

/** What the customer page's and the list's forms post, with the words shown beside a refused field. */

export const TAG_MAX = 30;
export const NOTE_MAX = 1000;
export const SEGMENT_NAME_MAX = 60;
/** A customer carries at most this many tags: enough for any shop's labels, never a list without end. */
export const TAGS_PER_CUSTOMER = 20;

export const CUSTOMER_FORM_MESSAGES = {
  tagEmpty: "Type a tag, e.g. VIP",
  tagLong: `Please keep a tag to ${TAG_MAX} characters`,
  tagDuplicate: (tag: string) => `This customer already has the tag "${tag}"`,
  tagTooMany: `A customer can have at most ${TAGS_PER_CUSTOMER} tags: remove one first`,
  noteEmpty: "Type the note",
  noteLong: `Please keep a note to ${NOTE_MAX} characters`,
  segmentEmpty: "Give the segment a name, e.g. Lahore VIPs",
  segmentLong: `Please keep the name to ${SEGMENT_NAME_MAX} characters`,
  segmentDuplicate: (name: string) => `A segment named "${name}" already exists: choose another name`,
} as const;

// Control characters (a NUL above all) are never part of a tag, a note or a name.
const clean = (value: string) =>
  [...value]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join("");

export const tagInput = z.object({
  tag: z
    .string()
    .transform((v) => clean(v).trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, CUSTOMER_FORM_MESSAGES.tagEmpty).max(TAG_MAX, CUSTOMER_FORM_MESSAGES.tagLong)),
});

export const noteInput = z.object({
  body: z
    .string()
    .transform((v) => clean(v).trim())
    .pipe(z.string().min(1, CUSTOMER_FORM_MESSAGES.noteEmpty).max(NOTE_MAX, CUSTOMER_FORM_MESSAGES.noteLong)),
  showOnOrders: z.boolean(),
});

export const segmentInput = z.object({
  name: z
    .string()
    .transform((v) => clean(v).trim().replace(/\s+/g, " "))
    .pipe(
      z.string().min(1, CUSTOMER_FORM_MESSAGES.segmentEmpty).max(SEGMENT_NAME_MAX, CUSTOMER_FORM_MESSAGES.segmentLong),
    ),
  query: z.string().max(2000),
});

/** A checkbox's "on" as a form posts it. */
export const isChecked = (value: FormDataEntryValue | null) => value === "on" || value === "true" || value === "1";

export const NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";

// A field as posted (conform leaves an empty one out), and a tick box.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));
const ticked = z
  .unknown()
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");

/** A customer's "New tag" form. */
export const addTagFormSchema = z.object({ intent: z.literal("add-tag"), tag: text.pipe(tagInput.shape.tag) });
/** A customer's "New note" form, with its "Show on orders" box. */
export const addNoteFormSchema = z.object({
  intent: z.literal("add-note"),
  body: text.pipe(noteInput.shape.body),
  showOnOrders: ticked,
});
/** The list's "Save as segment" form: the current filter under a name. */
export const saveSegmentFormSchema = z.object({
  intent: z.literal("save-segment"),
  name: text.pipe(segmentInput.shape.name),
  query: text,
});

/** Every form of the Customers list and of a customer's page, by its intent. */
export const customerFormsSchema = z.discriminatedUnion(
  "intent",
  [
    saveSegmentFormSchema,
    z.object({ intent: z.literal("delete-segment"), segmentId: text }),
    addTagFormSchema,
    z.object({ intent: z.literal("remove-tag"), tag: text }),
    addNoteFormSchema,
    z.object({ intent: z.literal("note-orders"), noteId: text, showOnOrders: ticked }),
    z.object({ intent: z.literal("delete-note"), noteId: text }),
  ],
  { error: NOT_UNDERSTOOD },
);
