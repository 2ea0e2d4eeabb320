import { z } from "~/lib/zod";
import { LINE_QUANTITY_MESSAGE, MAX_LINE_QUANTITY } from "./order-limits";

const quantity = z.coerce
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(MAX_LINE_QUANTITY, LINE_QUANTITY_MESSAGE);
const text = z.string().trim().max(60);

/** An item to put in the cart; colour and size are optional (first ones in stock are used). */
export const cartItemInput = z.object({
  productId: z.string().trim().min(1, "Product is required").max(120),
  color: text.optional().transform((v) => v || undefined),
  size: text.optional().transform((v) => v || undefined),
  quantity: quantity.default(1),
});
/** The product page's Add to Cart form: colour, size and quantity (the product is the page's own). */
export const addToCartFormSchema = cartItemInput.omit({ productId: true });

/** Add to Cart refused because the item cannot be read (no colour or size the shop knows, a wrong quantity). */
export const CHOOSE_COLOR_AND_SIZE = "Please select color and size";

export type CartItemInput = { productId: string; color?: string; size?: string; quantity: number };

export const cartQuantityInput = z.object({ quantity });

/** The cart page's form posts one of these intents (with JavaScript or without). */
export const cartIntent = z.discriminatedUnion("intent", [
  cartItemInput.extend({ intent: z.literal("add") }),
  z.object({ intent: z.literal("update"), itemId: z.uuid("Item ID missing!"), quantity }),
  z.object({ intent: z.literal("remove"), itemId: z.uuid("Item ID missing!") }),
  z.object({ intent: z.literal("clear") }),
]);
export type CartIntent = z.infer<typeof cartIntent>;
