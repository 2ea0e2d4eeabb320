import { describe, expect, it } from "vitest";
import {
  parseBlockedPhones,
  parseNotificationEmails,
  settingsFormValues,
  settingsSchema,
  withStoredSettings,
} from "./settings-schema";
import { NTN_MESSAGE, STRN_MESSAGE } from "./tax-numbers";

export const VALID_SETTINGS = {
  brandName: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  happyCustomers: "10000",
  yearsInBusiness: "5",
  productsSold: "50000",
  averageRating: "4.8",
  shippingFee: "200",
  freeShippingThreshold: "",
  maxCodOrderValue: "",
  blockedPhones: "",
  notificationEmails: "",
  settlementOverdueDays: "10",
  returnWindowDays: "7",
  localDeliveryMinDays: "3",
  localDeliveryMaxDays: "5",
  nationalDeliveryMinDays: "5",
  nationalDeliveryMaxDays: "7",
  minFinishedParcels: "2",
  lowStockThreshold: "3",
};

/** What the server's schema reads from a posted form: a field not sent keeps its stored value (below). */
const STORED_INPUT = {
  ...settingsSchema.parse(VALID_SETTINGS),
  cartReminders: true,
  cartReminderHours: 24,
  lowStockDigest: true,
  settlementOverdueDays: 21,
  notificationEmails: ["owner@brand.pk"],
};
const STORED = settingsFormValues(STORED_INPUT);
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return Object.fromEntries(withStoredSettings(form, STORED));
}

describe("settings schema", () => {
  it("reads the form's text into stored values; empty amounts mean none", () => {
    const parsed = settingsSchema.parse({
      ...VALID_SETTINGS,
      instagram: "kapra.pk",
      freeShippingThreshold: "Rs 5,000",
      maxCodOrderValue: "25000",
    });
    expect(parsed).toMatchObject({
      instagram: "@kapra.pk",
      shippingFee: 200,
      freeShippingThreshold: 5000,
      maxCodOrderValue: 25000,
      averageRating: 4.8,
      blockedPhones: [],
    });
    expect(settingsSchema.parse(VALID_SETTINGS)).toMatchObject({ freeShippingThreshold: null, maxCodOrderValue: null });
  });

  it("normalises blocked numbers written any common way to E.164, without repeats or blank lines", () => {
    expect(parseBlockedPhones("0300-1234567\n\n  +92 321 7654321 \r\n00923001234567\n(0333) 1112223")).toEqual({
      phones: ["+923001234567", "+923217654321", "+923331112223"],
    });
  });

  it("reports a bad blocked number by its line", () => {
    expect(parseBlockedPhones("0300 1234567\n12345")).toEqual({
      error: 'Line 2 ("12345") is not a Pakistani mobile number, like 0300 1234567',
    });
    const result = settingsSchema.safeParse({ ...VALID_SETTINGS, blockedPhones: "0300 1234567\n\nnot a phone" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ["blockedPhones"],
      message: expect.stringContaining("Line 3"),
    });
  });

  it("refuses empty required fields, bad numbers and a rating above 5, each by its field", () => {
    const result = settingsSchema.safeParse({
      ...VALID_SETTINGS,
      brandName: " ",
      contactEmail: "nope",
      shippingFee: "-5",
      maxCodOrderValue: "0",
      averageRating: "7",
      phone: "abc",
      instagram: "@bad handle!",
    });
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toMatchObject({
      brandName: "Brand name is required",
      contactEmail: "Please enter a valid e-mail address",
      shippingFee: expect.stringContaining("whole rupees"),
      maxCodOrderValue: expect.stringContaining("no limit"),
      averageRating: expect.stringContaining("0 to 5"),
      phone: expect.stringContaining("phone number"),
      instagram: expect.stringContaining("Instagram handle"),
    });
  });

  it("reads the days after which an unpaid delivered parcel is overdue (1 to 90); a client that does not send them leaves them alone", () => {
    expect(settingsSchema.parse({ ...VALID_SETTINGS, settlementOverdueDays: " 14 " }).settlementOverdueDays).toBe(14);
    const { settlementOverdueDays: _days, ...withoutDays } = VALID_SETTINGS;
    expect(settingsSchema.parse(posted(withoutDays)).settlementOverdueDays).toBe(21);
    for (const days of ["0", "91", "7.5", "", "ten"]) {
      const result = settingsSchema.safeParse({ ...VALID_SETTINGS, settlementOverdueDays: days });
      expect(result.error!.issues[0]).toMatchObject({
        path: ["settlementOverdueDays"],
        message: "Please enter a whole number of days from 1 to 90",
      });
    }
    expect(
      settingsFormValues({
        ...settingsSchema.parse(VALID_SETTINGS),
        blockedPhones: [],
        notificationEmails: [],
        settlementOverdueDays: 10,
      }).settlementOverdueDays,
    ).toBe("10");
  });

  it("reads the forgotten-cart switch: ticked is on, shown and unticked is off, not on the form leaves it alone", () => {
    expect(
      settingsSchema.parse(posted({ ...VALID_SETTINGS, cartRemindersShown: "1", cartReminders: "on" })).cartReminders,
    ).toBe(true);
    expect(settingsSchema.parse(posted({ ...VALID_SETTINGS, cartRemindersShown: "1" })).cartReminders).toBe(false);
    expect(settingsSchema.parse(posted(VALID_SETTINGS)).cartReminders).toBe(true);
    expect(settingsSchema.safeParse({ ...VALID_SETTINGS, cartReminders: "maybe" }).success).toBe(false);
  });

  it("reads the hours before a forgotten cart's reminder (1 to 168), with the message beside the field; not on the form leaves them alone", () => {
    expect(settingsSchema.parse(posted({ ...VALID_SETTINGS, cartReminderHours: " 6 " })).cartReminderHours).toBe(6);
    expect(settingsSchema.parse(posted({ ...VALID_SETTINGS, cartReminderHours: "168" })).cartReminderHours).toBe(168);
    expect(settingsSchema.parse(posted(VALID_SETTINGS)).cartReminderHours).toBe(24);
    for (const hours of ["0", "169", "2.5", "", "a day"]) {
      const result = settingsSchema.safeParse(posted({ ...VALID_SETTINGS, cartReminderHours: hours }));
      expect(result.error!.issues[0]).toMatchObject({
        path: ["cartReminderHours"],
        message: "Please enter whole hours from 1 to 168 (a week)",
      });
    }
    expect(settingsFormValues({ ...STORED_INPUT, cartReminderHours: 12 }).cartReminderHours).toBe("12");
  });

  it("turns stored settings back into form text", () => {
    const values = settingsFormValues({
      ...settingsSchema.parse(VALID_SETTINGS),
      blockedPhones: ["+923001234567", "+923217654321"],
      maxCodOrderValue: 30000,
      notificationEmails: ["a@x.pk", "b@y.pk"],
    });
    expect(values).toMatchObject({
      shippingFee: "200",
      freeShippingThreshold: "",
      maxCodOrderValue: "30000",
      blockedPhones: "+923001234567\n+923217654321",
      notificationEmails: "a@x.pk\nb@y.pk",
    });
  });

  it("reads notification recipients one per line, lower-cased, without repeats or blank lines", () => {
    expect(parseNotificationEmails("  Me@Brand.PK \r\n\norders@brand.pk\nme@brand.pk\n")).toEqual({
      emails: ["me@brand.pk", "orders@brand.pk"],
    });
    expect(parseNotificationEmails("")).toEqual({ emails: [] });
    expect(settingsSchema.parse({ ...VALID_SETTINGS, notificationEmails: "A@x.pk" }).notificationEmails).toEqual([
      "a@x.pk",
    ]);
    // A client that does not send the field leaves the stored list alone.
    const { notificationEmails: _left, ...withoutList } = VALID_SETTINGS;
    expect(settingsSchema.parse(posted(withoutList)).notificationEmails).toEqual(["owner@brand.pk"]);
  });

  it("reports a bad recipient by its line, and more than 10 addresses", () => {
    expect(parseNotificationEmails("me@brand.pk\nbob at brand")).toEqual({
      error: 'Line 2 ("bob at brand") is not an e-mail address, like orders@kapra.pk',
    });
    expect(parseNotificationEmails("me@brand")).toEqual({
      error: 'Line 1 ("me@brand") is not an e-mail address, like orders@kapra.pk',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `staff${i}@brand.pk`).join("\n");
    expect(parseNotificationEmails(eleven)).toEqual({ error: "Please list at most 10 addresses (there are 11)" });
    // Ten, and a repeat of one of them written in capitals: still ten.
    const ten = Array.from({ length: 10 }, (_, i) => `staff${i}@brand.pk`).join("\n");
    expect(parseNotificationEmails(`${ten}\nSTAFF0@brand.pk`)).toMatchObject({
      emails: expect.arrayContaining(["staff9@brand.pk"]),
    });
    expect((parseNotificationEmails(`${ten}\nSTAFF0@brand.pk`) as { emails: string[] }).emails).toHaveLength(10);
    const result = settingsSchema.safeParse({ ...VALID_SETTINGS, notificationEmails: "me@brand.pk\n\nnope" });
    expect(result.error!.issues[0]).toMatchObject({
      path: ["notificationEmails"],
      message: expect.stringContaining("Line 3"),
    });
  });
});

describe("settings schema: the tax numbers (issue 45)", () => {
  it("empty is not set, a good number is stored normalised, a wrong one is refused beside its field", () => {
    expect(settingsSchema.parse(VALID_SETTINGS)).toMatchObject({ ntn: null, strn: null });
    expect(settingsSchema.parse({ ...VALID_SETTINGS, ntn: "", strn: "  " })).toMatchObject({ ntn: null, strn: null });
    expect(settingsSchema.parse({ ...VALID_SETTINGS, ntn: "12345678", strn: "32-77-8761-234-56" })).toMatchObject({
      ntn: "1234567-8",
      strn: "3277876123456",
    });
    const refused = settingsSchema.safeParse({ ...VALID_SETTINGS, ntn: "12345", strn: "32-77" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["ntn", NTN_MESSAGE],
      ["strn", STRN_MESSAGE],
    ]);
  });
});
