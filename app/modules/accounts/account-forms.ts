import { z } from "~/lib/zod";
import {
  changePasswordIntentSchema,
  deleteAccountSchema,
  notificationSettingsFields,
  whatsappMarketingField,
} from "./profile-schema";

/** The refusal of a My Account form posted without what it needs (its intent, its order or product). */
export const FORM_MISSING = "Something was missing from the form. Please try again.";

/**
 * The three forms of My Account's Settings tab, by intent: the notification boxes (WhatsApp offers and
 * cart reminders among them), Change Password
 * and Delete Account (which asks for the password only of an account that has one).
 */
export function accountSettingsSchema({ withPassword }: { withPassword: boolean }) {
  return z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("settings"),
        ...notificationSettingsFields,
        whatsappMarketing: whatsappMarketingField,
      }),
      changePasswordIntentSchema,
      deleteAccountSchema({ withPassword }),
    ],
    { error: FORM_MISSING },
  );
}

/** My Orders' Cancel Order button: the order to cancel. */
export const cancelOrderFormSchema = z.object({ intent: z.literal("cancel"), orderId: z.string().max(100) });

/** The Wishlist tab's Remove button: the product to take off the wishlist. */
export const unsaveFormSchema = z.object({ intent: z.literal("unsave"), productId: z.string().min(1).max(200) });
