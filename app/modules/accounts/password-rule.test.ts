import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./common-passwords.server";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, passwordLengthProblem, passwordProblem } from "./password-rule";

describe("the password rule", () => {
  it("needs at least 12 characters and at most 128", () => {
    expect(newPasswordProblem("Kx7#mP2qLw9")).toEqual({ code: "PASSWORD_TOO_SHORT", message: PASSWORD_TOO_SHORT });
    expect(newPasswordProblem("Kx7#mP2qLw9z")).toBeNull();
    expect(passwordLengthProblem("x".repeat(129))?.code).toBe("PASSWORD_TOO_LONG");
  });

  it.each([
    "password1234", // on the list once the digits are off
    "Password2024!",
    "qwertyuiop123",
    "123456789012",
    "iloveyou2026",
    "football!!!!",
    "!!!basketball",
    "aaaaaaaaaaaa",
    "abcabcabcabc",
    "abcdefghijklm",
    "987654321098",
    "1111 1111 1111",
  ])("refuses %j as too common", (password) => {
    expect(newPasswordProblem(password)).toEqual({ code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON });
  });

  it("refuses the account's own e-mail name or address", () => {
    expect(newPasswordProblem("ayesha.khan1990", "Ayesha.Khan1990@example.pk")?.code).toBe("PASSWORD_TOO_COMMON");
    expect(newPasswordProblem("ayesha.khan1990!", "ayesha.khan1990@example.pk")?.code).toBe("PASSWORD_TOO_COMMON");
    expect(newPasswordProblem("ayesha@example.pk", "ayesha@example.pk")?.code).toBe("PASSWORD_TOO_COMMON");
    expect(newPasswordProblem("ayesha.khan1990", "someone@example.pk")).toBeNull();
  });

  it("accepts a long passphrase and a random password", () => {
    for (const ok of ["lahore chai at dawn", "Kx7#mP2qLw9z", "shalwar-kameez-blue-42", "tea-and-rain-in-murree"])
      expect(newPasswordProblem(ok)).toBeNull();
  });

  it("takes its list from the server (the browser module has none of its own)", () => {
    expect(passwordProblem("password1234", new Set())).toBeNull();
    expect(passwordProblem("password1234", new Set(["password"]))?.code).toBe("PASSWORD_TOO_COMMON");
  });
});
