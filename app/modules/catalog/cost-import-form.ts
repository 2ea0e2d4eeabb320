import { z } from "~/lib/zod";

/**
 * Import costs' two buttons (Dashboard -> Products -> Import costs): Preview posts the file (read
 * apart, as it streams in) and Apply the kept file's `uploadId`. A post that says neither is a
 * preview, as the page's first button.
 */
export const costImportFormSchema = z.object({
  intent: z
    .unknown()
    .optional()
    .transform((value) => (value === "apply" ? ("apply" as const) : ("preview" as const))),
  uploadId: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value : "")),
});
