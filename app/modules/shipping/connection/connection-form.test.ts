import { describe, expect, it } from "vitest";
import { parseConnectForm, parseConnectionSettingsForm } from "./connection-form";
import { scrubSecrets } from "./scrub-secrets";

describe("the API connection forms", () => {
  it("reads the API and the credentials typed, leaving empty ones out (the saved ones stay)", () => {
    expect(
      parseConnectForm({
        intent: "connect",
        provider: "leopards",
        "cred-apiKey": "  KEY-1234 ",
        "cred-apiPassword": "",
      }),
    ).toEqual({ ok: true, kind: "leopards", typed: { apiKey: "KEY-1234" } });
    expect(parseConnectForm({ provider: "file" })).toEqual({ ok: false, message: "Choose PostEx API or Leopards API" });
    expect(parseConnectForm({ provider: "postex", "cred-token": "x".repeat(501) })).toMatchObject({ ok: false });
  });

  it("reads the pickup address and whole sync minutes, keeping what was typed", () => {
    expect(parseConnectionSettingsForm({ pickupAddressCode: "002", syncEveryMinutes: "30" })).toEqual({
      ok: true,
      data: { pickupAddressCode: "002", syncEveryMinutes: 30 },
      values: { pickupAddressCode: "002", syncEveryMinutes: "30" },
    });
    expect(parseConnectionSettingsForm({ pickupAddressCode: "", syncEveryMinutes: "60" })).toMatchObject({
      ok: true,
      data: { pickupAddressCode: null },
    });
    expect(parseConnectionSettingsForm({ pickupAddressCode: "001", syncEveryMinutes: "1.5" })).toEqual({
      ok: false,
      fields: { syncEveryMinutes: "Enter whole minutes from 15 to 1440" },
      values: { pickupAddressCode: "001", syncEveryMinutes: "1.5" },
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
