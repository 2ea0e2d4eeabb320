import { describe, expect, it } from "vitest";
import { connectionFormSchema } from "./connection-form";
import { scrubSecrets } from "./scrub-secrets";

/** A form read with the page's schema: the value, or the first message per field ("" for the form's). */
function read(form: Record<string, string>) {
  const parsed = connectionFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { ok: false, errors };
}

describe("the API connection forms", () => {
  it("reads the API and the credentials typed, leaving empty ones out (the saved ones stay)", () => {
    expect(
      read({
        intent: "connect",
        provider: "leopards",
        "cred-apiKey": "  KEY-1234 ",
        "cred-apiPassword": "",
      }),
    ).toEqual({ ok: true, data: { intent: "connect", kind: "leopards", typed: { apiKey: "KEY-1234" } } });
    expect(read({ intent: "connect", provider: "file" })).toEqual({
      ok: false,
      errors: { provider: "Choose PostEx, Leopards, TCS, Trax or M&P API" },
    });
    expect(read({ intent: "connect", provider: "trax", "cred-apiKey": "TRAX-KEY" })).toEqual({
      ok: true,
      data: { intent: "connect", kind: "trax", typed: { apiKey: "TRAX-KEY" } },
    });
    expect(read({ intent: "connect", provider: "postex", "cred-token": "x".repeat(501) })).toMatchObject({
      ok: false,
      errors: { "": expect.stringContaining("too long") },
    });
  });

  it("reads the pickup address and whole sync minutes", () => {
    expect(read({ intent: "settings", pickupAddressCode: "002", syncEveryMinutes: "30" })).toEqual({
      ok: true,
      data: { intent: "settings", pickupAddressCode: "002", syncEveryMinutes: 30 },
    });
    expect(read({ intent: "settings", pickupAddressCode: "", syncEveryMinutes: "60" })).toMatchObject({
      ok: true,
      data: { pickupAddressCode: null },
    });
    expect(read({ intent: "settings", pickupAddressCode: "001", syncEveryMinutes: "1.5" })).toEqual({
      ok: false,
      errors: { syncEveryMinutes: "Enter whole minutes from 15 to 1440" },
    });
  });

  it("takes any credential out of a courier's words", () => {
    expect(scrubSecrets("Unauthorized token tok-9f3a-secret for GET", { token: "tok-9f3a-secret" })).toBe(
      "Unauthorized token •••• for GET",
    );
    expect(scrubSecrets("bad key K1 and pass P@ss-0451", { apiKey: "K1", apiPassword: "P@ss-0451" })).toBe(
      "bad key K1 and pass ••••",
    );
  });
});
