import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact-schema";

const valid = {
  name: "Ayesha Khan",
  email: "ayesha@example.pk",
  subject: "Sizing",
  message: "Is the oversized tee true to size?",
};
const errorsOf = (input: Record<string, string>) =>
  Object.fromEntries((contactSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path[0], i.message]));

describe("contact form rules", () => {
  it("accepts a complete message and trims it", () => {
    expect(contactSchema.parse({ ...valid, name: "  Ayesha Khan " }).name).toBe("Ayesha Khan");
  });
  it("requires every field", () => {
    expect(errorsOf({ name: "", email: "", subject: " ", message: "" })).toEqual({
      name: "Please enter your name",
      email: "Please enter your email address",
      subject: "Please enter a subject",
      message: "Please enter your message",
    });
  });
  it("checks the e-mail format", () => {
    expect(errorsOf({ ...valid, email: "ayesha@" })).toEqual({ email: "Please enter a valid email address" });
  });
});

describe("contact form lengths", () => {
  it("says how long a field may be, beside it", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Please keep your message under 5000 characters",
    });
    expect(errorsOf({ ...valid, subject: "x".repeat(201) })).toEqual({
      subject: "Please keep your subject under 200 characters",
    });
    expect(contactSchema.safeParse({ ...valid, message: "x".repeat(5000) }).success).toBe(true);
  });
  it("checks lengths the way the server counts them (trimmed), as the page does before sending (the same schema)", () => {
    expect(errorsOf({ ...valid, message: ` ${"x".repeat(5000)} ` })).toEqual({});
    expect(errorsOf({ ...valid, name: "x".repeat(101), message: "x".repeat(5001) })).toEqual({
      name: "Please keep your name under 100 characters",
      message: "Please keep your message under 5000 characters",
    });
  });
});
