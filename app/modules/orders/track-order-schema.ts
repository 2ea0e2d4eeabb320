import { z } from "~/lib/zod";

// A posted form gives strings; a missing key, an empty field or anything that is not text reads as blank.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/** Track Your Order: the order number and the phone number used on the order, both needed. */
export const trackOrderSchema = z.object({ orderNumber: text, phone: text }).transform((raw, ctx) => {
  if (!raw.orderNumber)
    ctx.addIssue({ code: "custom", path: ["orderNumber"], message: "Please enter your order number" });
  if (!raw.phone)
    ctx.addIssue({ code: "custom", path: ["phone"], message: "Please enter the phone number used on the order" });
  return raw;
});
