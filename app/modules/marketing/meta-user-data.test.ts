import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { metaUserData, normalizeEmail, normalizePhone, splitName } from "./meta-user-data";

const sha = (value: string) => createHash("sha256").update(value).digest("hex");

describe("customer information for Meta's Conversions API", () => {
  it("normalises phones to international digits without + or leading zeros", () => {
    expect(normalizePhone("0300 1234567")).toBe("923001234567");
    expect(normalizePhone("+92 300-1234567")).toBe("923001234567");
    expect(normalizePhone("0092 3001234567")).toBe("923001234567");
    expect(normalizePhone("+44 20 7946 0958")).toBe("442079460958");
    expect(normalizePhone("12")).toBeNull();
  });

  it("lower-cases e-mails and splits names into letters only", () => {
    expect(normalizeEmail("  Ayesha.Khan@Example.PK ")).toBe("ayesha.khan@example.pk");
    expect(normalizeEmail("not an address")).toBeNull();
    expect(splitName("  Muhammad  Ali-Raza Khan ")).toEqual({ first: "muhammad", last: "khan" });
    expect(splitName("Ayesha")).toEqual({ first: "ayesha", last: null });
    expect(splitName("عائشہ خان")).toEqual({ first: "عائشہ", last: "خان" });
  });

  it("hashes what Meta asks hashed and leaves the browser's ids as they are", () => {
    const data = metaUserData(
      {
        email: "A@B.PK",
        phone: "0300 1234567",
        fullName: "Ayesha Khan",
        city: "Dera Ghazi Khan",
        postalCode: "54 000",
        userId: "u1",
      },
      { ip: "203.0.113.9", userAgent: "UA", fbp: "fb.1.1.2", fbc: null },
    );
    expect(data).toEqual({
      em: sha("a@b.pk"),
      ph: sha("923001234567"),
      fn: sha("ayesha"),
      ln: sha("khan"),
      ct: sha("deraghazikhan"),
      zp: sha("54000"),
      country: sha("pk"),
      external_id: sha("u1"),
      client_ip_address: "203.0.113.9",
      client_user_agent: "UA",
      fbp: "fb.1.1.2",
    });
  });

  it("sends no address Meta cannot use", () => {
    const data = metaUserData({}, { ip: "unknown", userAgent: "UA" });
    expect(data).toEqual({ country: sha("pk"), client_user_agent: "UA" });
  });
});
