import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerProfiles, users } from "~/schema";
import { AppError } from "~/lib/errors";
import { PHONE_MESSAGE } from "~/lib/phone";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { getCustomerProfile, updateCustomerProfile, updateNotificationSettings } from "./customer-profile.server";
import {
  CURRENT_PASSWORD_REQUIRED,
  DELETE_CONFIRM_REQUIRED,
  DELETE_PASSWORD_REQUIRED,
  changePasswordSchema,
  deleteAccountSchema,
  notificationSettingsSchema,
  parseProfileForm,
} from "./profile-schema";
import { parseSubmission } from "~/http/form-reply";

/** A form as the page posts it (an empty field arrives as none), read as the actions read it. */
const posted = (values: Record<string, string>) => new URLSearchParams(values);
/** The messages of a refused form, by field. */
const refusedFields = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? null : submission.error;

describe.each(DATABASE_KINDS)("customer profiles on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  beforeAll(async () => {
    await database.db.insert(users).values([
      { id: "user-a", name: "Ayesha Khan", email: "ayesha@example.pk" },
      { id: "user-b", name: "Bilal Ahmed", email: "bilal@example.pk" },
      { id: "user-c", name: "Chand Bibi", email: "chand@example.pk" },
    ]);
  }, 120_000);

  const nameOf = async (id: string) =>
    (await database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name;

  it("gives the defaults to a buyer who never saved a profile", async () => {
    expect(await getCustomerProfile(database.db, "user-a")).toEqual({
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      orderEmails: true,
      smsUpdates: true,
      marketingEmails: false,
    });
    expect(await database.db.select().from(customerProfiles)).toEqual([]);
  });

  it("creates the profile on first save, updates it on the next, and renames the account", async () => {
    const first = await updateCustomerProfile(database.db, "user-a", {
      name: "Ayesha K.",
      phone: "+923001234567",
      address: "House 12, Street 4, DHA Phase 5",
      city: "Karachi",
      postalCode: "75500",
    });
    expect(first).toEqual({
      phone: "+923001234567",
      address: "House 12, Street 4, DHA Phase 5",
      city: "Karachi",
      postalCode: "75500",
      orderEmails: true,
      smsUpdates: true,
      marketingEmails: false,
    });
    expect(await nameOf("user-a")).toBe("Ayesha K.");

    await updateCustomerProfile(database.db, "user-a", {
      name: "Ayesha Khan",
      phone: null,
      address: "Flat 3, Gulberg III",
      city: "Lahore",
      postalCode: null,
    });
    expect(await getCustomerProfile(database.db, "user-a")).toMatchObject({
      phone: null,
      address: "Flat 3, Gulberg III",
      city: "Lahore",
      postalCode: null,
    });
    expect(await nameOf("user-a")).toBe("Ayesha Khan");
    expect(await database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, "user-a"))).toHaveLength(
      1,
    );
  });

  it("saves the notification settings without touching the checkout details, and the other way round", async () => {
    expect(
      await updateNotificationSettings(database.db, "user-a", {
        orderEmails: false,
        smsUpdates: true,
        marketingEmails: true,
      }),
    ).toEqual({ orderEmails: false, smsUpdates: true, marketingEmails: true });
    expect(await getCustomerProfile(database.db, "user-a")).toEqual({
      phone: null,
      address: "Flat 3, Gulberg III",
      city: "Lahore",
      postalCode: null,
      orderEmails: false,
      smsUpdates: true,
      marketingEmails: true,
    });

    await updateCustomerProfile(database.db, "user-a", {
      name: "Ayesha Khan",
      phone: "+923331112233",
      address: "Flat 3, Gulberg III",
      city: "Lahore",
      postalCode: "54660",
    });
    expect(await getCustomerProfile(database.db, "user-a")).toMatchObject({
      phone: "+923331112233",
      orderEmails: false,
      smsUpdates: true,
      marketingEmails: true,
    });
  });

  it("saves settings for a buyer without a profile row, keeping the other defaults", async () => {
    await updateNotificationSettings(database.db, "user-c", {
      orderEmails: true,
      smsUpdates: false,
      marketingEmails: false,
    });
    expect(await getCustomerProfile(database.db, "user-c")).toEqual({
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      orderEmails: true,
      smsUpdates: false,
      marketingEmails: false,
    });
  });

  it("never touches another buyer's row or name", async () => {
    await updateCustomerProfile(database.db, "user-b", {
      name: "Bilal Ahmed",
      phone: "+923211234567",
      address: "Saddar",
      city: "Rawalpindi",
      postalCode: null,
    });
    const aBefore = await getCustomerProfile(database.db, "user-a");

    await updateCustomerProfile(database.db, "user-b", {
      name: "Bilal A.",
      phone: "+923450000000",
      address: "Blue Area",
      city: "Islamabad",
      postalCode: "44000",
    });
    await updateNotificationSettings(database.db, "user-b", {
      orderEmails: false,
      smsUpdates: false,
      marketingEmails: true,
    });

    expect(await getCustomerProfile(database.db, "user-a")).toEqual(aBefore);
    expect(await nameOf("user-a")).toBe("Ayesha Khan");
    expect(await getCustomerProfile(database.db, "user-b")).toEqual({
      phone: "+923450000000",
      address: "Blue Area",
      city: "Islamabad",
      postalCode: "44000",
      orderEmails: false,
      smsUpdates: false,
      marketingEmails: true,
    });
    expect(await nameOf("user-b")).toBe("Bilal A.");
  });

  it("refuses an account that does not exist and creates no row for it", async () => {
    const input = { name: "Ghost", phone: null, address: null, city: null, postalCode: null };
    await expect(updateCustomerProfile(database.db, "no-such-user", input)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      updateNotificationSettings(database.db, "no-such-user", {
        orderEmails: true,
        smsUpdates: true,
        marketingEmails: true,
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(
      await database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, "no-such-user")),
    ).toEqual([]);
  });

  it("removes the profile with the account", async () => {
    await database.db.delete(users).where(eq(users.id, "user-c"));
    expect(await database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, "user-c"))).toEqual([]);
  });
});

describe("profile form rules", () => {
  it("needs a name and stores the phone in E.164", () => {
    expect(parseProfileForm({ name: "  ", phone: "" })).toEqual({
      ok: false,
      fields: { name: "Please enter your name" },
    });
    expect(
      parseProfileForm({
        name: " Sana Mir ",
        phone: "0300 1234567",
        address: " Model Town ",
        city: "lahore",
        postalCode: "54700",
      }),
    ).toEqual({
      ok: true,
      data: { name: "Sana Mir", phone: "+923001234567", address: "Model Town", city: "Lahore", postalCode: "54700" },
    });
    expect(parseProfileForm({ name: "Sana" })).toEqual({
      ok: true,
      data: { name: "Sana", phone: null, address: null, city: null, postalCode: null },
    });
  });

  it("reports each bad field beside itself", () => {
    expect(parseProfileForm({ name: "Sana", phone: "12345", city: "Atlantis", postalCode: "5470" })).toEqual({
      ok: false,
      fields: {
        phone: PHONE_MESSAGE,
        city: "Please choose your city from the list",
        postalCode: "Postal code must be 5 digits",
      },
    });
    expect(parseProfileForm({ name: "Sana", city: "Other", cityOther: "" })).toEqual({
      ok: false,
      fields: { city: "Please enter your city" },
    });
    expect(parseProfileForm({ name: "Sana", city: "Other", cityOther: "Chitral" })).toMatchObject({
      ok: true,
      data: { city: "Chitral" },
    });
  });

  it("reads unticked boxes as off", () => {
    expect(notificationSettingsSchema.parse({ intent: "settings", orderEmails: "on" })).toEqual({
      orderEmails: true,
      smsUpdates: false,
      marketingEmails: false,
    });
    expect(notificationSettingsSchema.parse({ orderEmails: true, smsUpdates: "on", marketingEmails: "on" })).toEqual({
      orderEmails: true,
      smsUpdates: true,
      marketingEmails: true,
    });
  });

  it("checks the change-password form", () => {
    expect(refusedFields(parseSubmission(posted({}), changePasswordSchema))).toEqual({
      currentPassword: [CURRENT_PASSWORD_REQUIRED],
      newPassword: ["Please enter a new password"],
      confirmPassword: ["Please confirm your new password"],
    });
    expect(
      refusedFields(
        parseSubmission(
          posted({ currentPassword: "old-password", newPassword: "short-pass1", confirmPassword: "short-pass1" }),
          changePasswordSchema,
        ),
      ),
    ).toEqual({ newPassword: ["Password must be at least 12 characters"] });
    expect(
      refusedFields(
        parseSubmission(
          posted({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-passw0rd" }),
          changePasswordSchema,
        ),
      ),
    ).toEqual({ confirmPassword: ["Passwords do not match"] });
    const changed = parseSubmission(
      posted({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" }),
      changePasswordSchema,
    );
    expect(changed.status).toBe("success");
    expect(changed.status === "success" && changed.value).toEqual({
      currentPassword: "old-password",
      newPassword: "new-password",
    });
  });

  it("asks for the password and the tick before deleting an account", () => {
    expect(refusedFields(parseSubmission(posted({ intent: "delete-account" }), deleteAccountSchema()))).toEqual({
      password: [DELETE_PASSWORD_REQUIRED],
      confirm: [DELETE_CONFIRM_REQUIRED],
    });
    const sent = parseSubmission(
      posted({ intent: "delete-account", password: "secret-pass", confirm: "on" }),
      deleteAccountSchema(),
    );
    expect(sent.status === "success" && sent.value).toEqual({ intent: "delete-account", password: "secret-pass" });
    // An account without a password (Google only) is asked for the tick alone.
    expect(
      refusedFields(
        parseSubmission(posted({ intent: "delete-account" }), deleteAccountSchema({ withPassword: false })),
      ),
    ).toEqual({ confirm: [DELETE_CONFIRM_REQUIRED] });
  });
});
