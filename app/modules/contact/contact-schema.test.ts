import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact-schema";

const valid = { name: "Ayesha Khan", email: "ayesha@example.pk", subject: "Sizing", message: "Is the oversized tee true to size?" };
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
