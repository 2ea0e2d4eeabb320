import { describe, expect, it } from "vitest";
import { authErrorField, authErrorMessage } from "./auth-errors";
import {
  type AuthMode,
  authFormSchema,
  ENTER_YOUR_NAME,
  FILL_REQUIRED,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_TOO_SHORT,
} from "./auth-schema";

/** The schema's answer read as the page shows it: the form's message and a message per field. */
function parseAuthForm(mode: AuthMode, input: Record<string, unknown>) {
  const result = authFormSchema(mode).safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  let formError = "";
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key) fields[key] ??= issue.message;
    else formError ||= issue.message;
  }
  return { ok: false, formError, fields };
}

describe("the sign-in and register form", () => {
  it("needs e-mail and password first, each flagged beside its field", () => {
    expect(parseAuthForm("login", { email: "", password: "" })).toEqual({
      ok: false,
      formError: FILL_REQUIRED,
      fields: { email: "Please enter your e-mail address", password: "Please enter your password" },
    });
    expect(parseAuthForm("login", { email: "a@b.pk", password: "" })).toMatchObject({
      ok: false,
      formError: FILL_REQUIRED,
      fields: { password: "Please enter your password" },
    });
  });

  it("on register checks the passwords match, then the name (SPEC.md order)", () => {
    const mismatch = parseAuthForm("signup", {
      name: "",
      email: "sana@example.pk",
      password: "longpassword",
      confirmPassword: "longpassworx",
    });
    expect(mismatch).toMatchObject({
      ok: false,
      formError: PASSWORDS_DO_NOT_MATCH,
      fields: { confirmPassword: PASSWORDS_DO_NOT_MATCH, name: ENTER_YOUR_NAME },
    });
    const noName = parseAuthForm("signup", {
      name: "  ",
      email: "sana@example.pk",
      password: "longpassword",
      confirmPassword: "longpassword",
    });
    expect(noName).toMatchObject({ ok: false, formError: ENTER_YOUR_NAME, fields: { name: ENTER_YOUR_NAME } });
  });

  it("asks for 12 characters on register but not on sign-in (old passwords still work)", () => {
    expect(
      parseAuthForm("signup", {
        name: "Sana",
        email: "sana@example.pk",
        password: "short12",
        confirmPassword: "short12",
      }),
    ).toMatchObject({ ok: false, formError: PASSWORD_TOO_SHORT });
    expect(parseAuthForm("login", { email: "sana@example.pk", password: "short12" })).toMatchObject({ ok: true });
  });

  it("rejects a malformed e-mail and normalises a good one", () => {
    expect(parseAuthForm("login", { email: "sana@", password: "x" })).toMatchObject({
      ok: false,
      fields: { email: "Please enter a valid e-mail address" },
    });
    expect(
      parseAuthForm("signup", {
        name: " Sana Malik ",
        email: " Sana@Example.PK ",
        password: "longpassword",
        confirmPassword: "longpassword",
      }),
    ).toEqual({
      ok: true,
      data: { name: "Sana Malik", email: "sana@example.pk", password: "longpassword" },
    });
  });
});

describe("better-auth failures in words", () => {
  it("never says whether an e-mail has an account when signing in", () => {
    expect(authErrorMessage("INVALID_EMAIL_OR_PASSWORD")).toBe(authErrorMessage("USER_NOT_FOUND"));
    expect(authErrorMessage("INVALID_EMAIL_OR_PASSWORD")).not.toMatch(/exist|registered|no account/i);
  });

  it("names each failure and where it belongs", () => {
    expect(authErrorMessage("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")).toMatch(/already exists/);
    expect(authErrorField("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")).toBe("email");
    expect(authErrorMessage(undefined, 429)).toMatch(/Too many attempts/);
    expect(authErrorMessage("ACCOUNT_DISABLED")).toMatch(/disabled/);
    expect(authErrorMessage("SOMETHING_NEW")).toBe("Authentication failed. Please try again.");
  });
});
