import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles, users } from "~/modules/accounts/tables";
import { AppError } from "~/lib/errors";
import { whatsappMarketingChange } from "./whatsapp-marketing.server";

/** The notification choices of the Settings tab. */
export type NotificationSettings = { orderEmails: boolean; smsUpdates: boolean; marketingEmails: boolean };

/** What a buyer keeps for checkout (phone in E.164) and their notification choices. */
export type CustomerProfile = {
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
} & NotificationSettings;

/** The Edit Profile form, already validated (see profile-schema.ts): phone in E.164 or null. */
export type CustomerProfileInput = {
  name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

/** SPEC.md, Settings tab: order e-mails and SMS updates on, marketing e-mails off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  orderEmails: true,
  smsUpdates: true,
  marketingEmails: false,
};

const EMPTY_PROFILE: CustomerProfile = {
  phone: null,
  address: null,
  city: null,
  postalCode: null,
  ...DEFAULT_NOTIFICATION_SETTINGS,
};

const profileColumns = {
  phone: customerProfiles.phone,
  address: customerProfiles.address,
  city: customerProfiles.city,
  postalCode: customerProfiles.postalCode,
  orderEmails: customerProfiles.orderEmails,
  smsUpdates: customerProfiles.smsUpdates,
  marketingEmails: customerProfiles.marketingEmails,
};

/**
 * A buyer's saved checkout details and notification choices; the defaults when they never saved
 * any. Checkout prefills its form from this.
 */
export async function getCustomerProfile(db: DbOrTx, userId: string): Promise<CustomerProfile> {
  const [row] = await db.select(profileColumns).from(customerProfiles).where(eq(customerProfiles.userId, userId));
  return row ?? { ...EMPTY_PROFILE };
}

/**
 * Saves the Edit Profile form: the name on the account and the default phone and address (the
 * notification choices are left as they are). Only the row of `userId` is written.
 */
export async function updateCustomerProfile(
  db: DbOrTx,
  userId: string,
  input: CustomerProfileInput,
): Promise<CustomerProfile> {
  const now = new Date();
  const details = { phone: input.phone, address: input.address, city: input.city, postalCode: input.postalCode };
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ name: input.name, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "Account not found");
    const [row] = await tx
      .insert(customerProfiles)
      .values({ userId, ...details, updatedAt: now })
      .onConflictDoUpdate({ target: customerProfiles.userId, set: { ...details, updatedAt: now } })
      .returning(profileColumns);
    return row;
  });
}

/**
 * Saves the notification choices of the Settings tab (the checkout details are left as they are).
 * `whatsappMarketing` (absent: left as it is): ticked keeps the date the buyer first opted in (or
 * now), unticked clears it and records the opt-out (whatsapp-marketing.server.ts).
 */
export async function updateNotificationSettings(
  db: DbOrTx,
  userId: string,
  settings: NotificationSettings & { whatsappMarketing?: boolean },
  now = new Date(),
): Promise<NotificationSettings> {
  const values = {
    orderEmails: settings.orderEmails,
    smsUpdates: settings.smsUpdates,
    marketingEmails: settings.marketingEmails,
  };
  const whatsapp = settings.whatsappMarketing;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  const [row] = await db
    .insert(customerProfiles)
    .values({ userId, ...values, ...(whatsapp ? { whatsappMarketingAt: now } : {}), updatedAt: now })
    .onConflictDoUpdate({
      target: customerProfiles.userId,
      set: { ...values, ...(whatsapp === undefined ? {} : whatsappMarketingChange(whatsapp, now)), updatedAt: now },
    })
    .returning({
      orderEmails: customerProfiles.orderEmails,
      smsUpdates: customerProfiles.smsUpdates,
      marketingEmails: customerProfiles.marketingEmails,
    });
  return row;
}
