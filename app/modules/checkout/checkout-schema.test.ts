import { describe, expect, it } from "vitest";
import { PHONE_MESSAGE } from "~/lib/phone";
import {
  CORRECT_FIELDS_MESSAGE,
  FILL_REQUIRED_MESSAGE,
  parseShippingForm,
  SHIPPING_FIELD_LABELS,
  SHIPPING_FIELDS,
  type ShippingFormResult,
} from "./checkout-schema";

const valid = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "0300 1234567",
  city: "Lahore",
  cityOther: "",
  address: "House 12, Street 4, DHA Phase 5",
  postalCode: "",
};

const failure = (result: ShippingFormResult) => {
  if (result.ok) throw new Error("expected the form to be refused");
  return result;
};
const dataOf = (result: ShippingFormResult) => {
  if (!result.ok) throw new Error(`expected the form to pass: ${JSON.stringify(result.fields)}`);
  return result.data;
};

describe("a complete shipping form", () => {
  it("is accepted and cleaned up", () => {
    const data = dataOf(
      parseShippingForm({
        ...valid,
        fullName: "  Ayesha Khan ",
        email: " Ayesha@Example.PK ",
        phone: "+92 300-1234567",
      }),
    );
    expect(data).toEqual({
      fullName: "Ayesha Khan",
      email: "ayesha@example.pk",
      phone: "+923001234567",
      city: "Lahore",
      address: "House 12, Street 4, DHA Phase 5",
      postalCode: null,
      country: "Pakistan",
    });
  });
  it("keeps a 5-digit postal code", () => {
    expect(dataOf(parseShippingForm({ ...valid, postalCode: " 54000 " })).postalCode).toBe("54000");
  });
  it("takes a typed city under Other", () => {
    expect(dataOf(parseShippingForm({ ...valid, city: "Other", cityOther: " Chitral " })).city).toBe("Chitral");
  });
  it("ignores cityOther when a listed city is chosen", () => {
    expect(dataOf(parseShippingForm({ ...valid, city: "Karachi", cityOther: "Chitral" })).city).toBe("Karachi");
  });
  it("reads FormData entries", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid)) form.set(key, value);
    expect(dataOf(parseShippingForm(Object.fromEntries(form))).phone).toBe("+923001234567");
  });
  it("accepts a name and address exactly at their limits", () => {
    const data = dataOf(parseShippingForm({ ...valid, fullName: "a".repeat(100), address: "b".repeat(500) }));
    expect(data.fullName).toHaveLength(100);
    expect(data.address).toHaveLength(500);
  });
});

describe("required fields come first", () => {
  it("names every blank field", () => {
    const result = failure(parseShippingForm({ fullName: "", email: "  ", phone: "", city: "", address: "" }));
    expect(result.formError).toBe(FILL_REQUIRED_MESSAGE);
    expect(result.fields).toEqual({
      fullName: "Please enter your full name",
      email: "Please enter your e-mail address",
      phone: "Please enter your phone number",
      city: "Please choose your city",
      address: "Please enter your shipping address",
    });
  });
  it("treats missing keys and non-text values as blank", () => {
    const result = failure(
      parseShippingForm({ ...valid, fullName: undefined, address: new File([], "a.txt"), email: null }),
    );
    expect(result.fields).toEqual({
      fullName: "Please enter your full name",
      email: "Please enter your e-mail address",
      address: "Please enter your shipping address",
    });
    expect(failure(parseShippingForm({})).formError).toBe(FILL_REQUIRED_MESSAGE);
  });
  it("asks for the city when Other is chosen and nothing typed", () => {
    const result = failure(parseShippingForm({ ...valid, city: "Other", cityOther: "   " }));
    expect(result).toEqual({ ok: false, formError: FILL_REQUIRED_MESSAGE, fields: { city: "Please enter your city" } });
  });
  it("reports only blanks while any field is blank, not format errors", () => {
    const result = failure(parseShippingForm({ ...valid, fullName: "", email: "not-an-email", phone: "123" }));
    expect(result.formError).toBe(FILL_REQUIRED_MESSAGE);
    expect(result.fields).toEqual({ fullName: "Please enter your full name" });
  });
  it("does not require a postal code", () => {
    expect(parseShippingForm({ ...valid, postalCode: undefined }).ok).toBe(true);
  });
});

describe("formats", () => {
  const fieldsOf = (overrides: Record<string, unknown>) => {
    const result = failure(parseShippingForm({ ...valid, ...overrides }));
    expect(result.formError).toBe(CORRECT_FIELDS_MESSAGE);
    return result.fields;
  };

  it.each(["ayesha", "ayesha@", "ayesha@example", "ayesha example@x.pk", `${"a".repeat(250)}@x.pk`])(
    "refuses the e-mail %j",
    (email) => {
      expect(fieldsOf({ email })).toEqual({ email: "Please enter a valid e-mail address" });
    },
  );
  it.each(["021 34567890", "0300 123456", "0300 12345678", "+44 7700 900123", "phone"])(
    "refuses the phone %j",
    (phone) => {
      expect(fieldsOf({ phone })).toEqual({ phone: PHONE_MESSAGE });
    },
  );
  it.each(["5400", "540001", "54 000", "ABCDE"])("refuses the postal code %j", (postalCode) => {
    expect(fieldsOf({ postalCode })).toEqual({ postalCode: "Postal code must be 5 digits" });
  });
  it("refuses a name over 100 characters and an address over 500", () => {
    expect(fieldsOf({ fullName: "a".repeat(101), address: "b".repeat(501) })).toEqual({
      fullName: "Full name must be 100 characters or fewer",
      address: "Shipping address must be 500 characters or fewer",
    });
  });
  it("refuses a city that is not on the list", () => {
    expect(fieldsOf({ city: "Dubai" })).toEqual({ city: "Please choose your city from the list" });
  });
  it("refuses a typed city over 100 characters", () => {
    expect(fieldsOf({ city: "Other", cityOther: "c".repeat(101) })).toEqual({
      city: "City must be 100 characters or fewer",
    });
  });
  it("reports every format error at once", () => {
    expect(Object.keys(fieldsOf({ email: "x", phone: "1", postalCode: "1" }))).toEqual([
      "email",
      "phone",
      "postalCode",
    ]);
  });
});

describe("field list", () => {
  it("has a label for each field, in form order", () => {
    expect(SHIPPING_FIELDS).toEqual(["fullName", "email", "phone", "city", "address", "postalCode"]);
    expect(Object.keys(SHIPPING_FIELD_LABELS)).toEqual([...SHIPPING_FIELDS]);
    expect(SHIPPING_FIELD_LABELS.address).toBe("Shipping Address");
  });
});

describe("parseShippingForm: wrong types from a JSON client", () => {
  it("refuses a number, list or object as a name, city or address, naming the field, and still takes a phone or postal code as a number", () => {
    for (const [field, value, label] of [
      ["address", -1, "Shipping Address"],
      ["fullName", ["A"], "Full Name"],
      ["city", { a: 1 }, "City"],
      ["email", 5, "Email"],
    ] as const) {
      const result = parseShippingForm({ ...valid, [field]: value });
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.fields[field]).toBe(`${label} must be text`);
    }
    expect(parseShippingForm({ ...valid, postalCode: 75500 }).ok).toBe(true);
  });

  it("refuses a list or object as a phone or postal code rather than reading it as left blank", () => {
    for (const [field, value, label] of [
      ["postalCode", [-2099609305], "Postal Code"],
      ["postalCode", { code: "54000" }, "Postal Code"],
      ["phone", ["03001234567"], "Phone"],
    ] as const) {
      const result = parseShippingForm({ ...valid, [field]: value });
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.fields[field]).toBe(`${label} must be text`);
    }
  });
});
