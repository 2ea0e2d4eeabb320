import { describe, expect, it } from "vitest";
import { createSecretBox, createSecretBoxes, lastFour, SecretBoxError } from "./secret-box.server";

const SECRET = "kapra-test-secret-not-for-production-0123456789";

describe("secret box", () => {
  const box = createSecretBox(SECRET, "whatsapp-settings");

  it("opens what it sealed, in a versioned form that holds nothing in clear", () => {
    const token = "EAAG-permanent-token-1a2b";
    const sealed = box.seal(token);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain("1a2b");
    expect(box.open(sealed)).toBe(token);
    expect(box.open(box.seal(""))).toBe("");
    expect(box.open(box.seal("اردو ✓"))).toBe("اردو ✓");
  });

  it("seals the same value differently each time (a random IV)", () => {
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses a sealed value that was changed", () => {
    const sealed = box.seal("EAAG-permanent-token");
    const [v, iv, body, tag] = sealed.split(".");
    const flip = (s: string) => {
      const bytes = Buffer.from(s, "base64url");
      bytes[0] ^= 1;
      return bytes.toString("base64url");
    };
    for (const changed of [
      [v, iv, flip(body), tag],
      [v, flip(iv), body, tag],
      [v, iv, body, flip(tag)],
    ]) {
      expect(() => box.open(changed.join("."))).toThrow(SecretBoxError);
    }
    expect(() => box.open(["v2", iv, body, tag].join("."))).toThrow(SecretBoxError);
    expect(() => box.open("EAAG-in-clear")).toThrow(SecretBoxError);
  });

  it("refuses a value sealed with another auth secret, or for another use", () => {
    const sealed = box.seal("EAAG-permanent-token");
    expect(() =>
      createSecretBox("another-secret-of-another-shop-0123456789", "whatsapp-settings").open(sealed),
    ).toThrow(SecretBoxError);
    expect(() => createSecretBox(SECRET, "courier-credentials").open(sealed)).toThrow(SecretBoxError);
    expect(createSecretBoxes(SECRET)["whatsapp-settings"].open(sealed)).toBe("EAAG-permanent-token");
  });

  it("never names the value or the key when it refuses", () => {
    const sealed = box.seal("EAAG-permanent-token");
    try {
      createSecretBox("another-secret-of-another-shop-0123456789", "whatsapp-settings").open(sealed);
    } catch (error) {
      expect(String(error)).not.toContain("EAAG");
      expect(String(error)).not.toContain(SECRET);
    }
    expect(lastFour("EAAG-token-1a2b")).toBe("1a2b");
  });
});
