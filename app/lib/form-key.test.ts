import { describe, expect, it } from "vitest";
import { formKey } from "./form-key";

describe("formKey", () => {
  const typed = { slug: "t-shirts", name: "Lawn" };

  it("stays the same while a refusal shows, whatever the location (its two renders must not remount the form)", () => {
    const answer = { ok: false, values: typed };
    expect(formKey("before-revalidation", answer, typed)).toBe(formKey("after-revalidation", answer, typed));
  });

  it("changes with the values shown, so a second refusal with other values shows them", () => {
    const answer = { ok: false };
    expect(formKey("k", answer, typed)).not.toBe(formKey("k", answer, { ...typed, slug: "lawn-2" }));
  });

  it("follows the location without an answer, so a save that comes back to the same page starts afresh", () => {
    const empty = { slug: "", name: "" };
    expect(formKey("first-visit", null, empty)).not.toBe(formKey("after-save", null, empty));
    expect(formKey("k", null, empty)).not.toBe(formKey("k", { ok: false }, empty));
  });
});
