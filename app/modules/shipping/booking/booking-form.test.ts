import { describe, expect, it } from "vitest";
import { parseSubmission, refusal } from "~/http/form-reply";
import { fieldErrors, formError } from "~/lib/form-reply";
import { bookingFormSchema, CHOOSE_COURIER, CHOOSE_ORDERS } from "./booking-form";

/** The form as the action reads it: the booking, or the refusal's message and fields (the one form shape). */
function parseBookingForm(form: FormData) {
  const submission = parseSubmission(form, bookingFormSchema);
  if (submission.status === "success") return { ok: true, ...submission.value };
  const reply = refusal(submission);
  return { ok: false, message: formError(reply), fields: fieldErrors(reply) };
}

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("the Book Shipments form", () => {
  it("reads each order's own courier and typed weight", () => {
    expect(
      parseBookingForm(
        form([
          ["orderIds", A],
          ["orderIds", B],
          [`courier-${A}`, "3"],
          [`courier-${B}`, "7"],
          [`weight-${B}`, "1.2"],
        ]),
      ),
    ).toEqual({
      ok: true,
      orderIds: [A, B],
      couriers: { [A]: 3, [B]: 7 },
      weights: { [B]: 1200 },
    });
  });

  it("gives rows without a courier the 'set all to' courier", () => {
    const parsed = parseBookingForm(
      form([
        ["orderIds", A],
        ["orderIds", B],
        ["courierId", "5"],
        [`courier-${A}`, "3"],
        [`courier-${B}`, ""],
      ]),
    );
    expect(parsed).toMatchObject({ ok: true, couriers: { [A]: 3, [B]: 5 } });
  });

  it("gives 'set all to' to rows still on the courier the page started them on, not to a row the owner changed", () => {
    const parsed = parseBookingForm(
      form([
        ["orderIds", A],
        ["orderIds", B],
        ["courierId", "5"],
        [`courier-${A}`, "3"],
        [`start-courier-${A}`, "3"],
        [`courier-${B}`, "7"],
        [`start-courier-${B}`, "3"],
      ]),
    );
    expect(parsed).toMatchObject({ ok: true, couriers: { [A]: 5, [B]: 7 } });
    // Without "set all to", each row's own courier stands.
    expect(
      parseBookingForm(
        form([
          ["orderIds", A],
          [`courier-${A}`, "3"],
          [`start-courier-${A}`, "3"],
        ]),
      ),
    ).toMatchObject({ ok: true, couriers: { [A]: 3 } });
  });

  it("refuses beside the order without a courier and the weight it cannot read", () => {
    const parsed = parseBookingForm(
      form([
        ["orderIds", A],
        ["orderIds", B],
        [`courier-${A}`, "3"],
        [`weight-${A}`, "heavy"],
      ]),
    );
    expect(parsed).toEqual({
      ok: false,
      message: "Nothing was booked: please correct the marked fields",
      fields: {
        [`courier-${B}`]: CHOOSE_COURIER,
        [`weight-${A}`]: "Enter the weight in kg, e.g. 0.7 (or 700 g), up to 50 kg",
      },
    });
  });

  it("asks for orders when none is ticked", () => {
    expect(parseBookingForm(form([["courierId", "3"]]))).toEqual({
      ok: false,
      message: CHOOSE_ORDERS,
      fields: { orderIds: CHOOSE_ORDERS },
    });
  });
});
