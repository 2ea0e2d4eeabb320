import { describe, expect, it } from "vitest";
import { acceptedOrigins, createHostCheck, publicOrigin } from "./public-origin";

describe("the shop's origin", () => {
  it("is PUBLIC_URL's origin, or http://localhost:PORT without it", () => {
    expect(publicOrigin({ PUBLIC_URL: "https://kapra.pk/", PORT: 3000 })).toBe("https://kapra.pk");
    expect(publicOrigin({ PUBLIC_URL: "https://kapra.pk:8443/shop", PORT: 3000 })).toBe("https://kapra.pk:8443");
    expect(publicOrigin({ PUBLIC_URL: undefined, PORT: 3100 })).toBe("http://localhost:3100");
  });

  it("accepts only PUBLIC_URL's host, default port written or not", () => {
    const accepts = createHostCheck({ PUBLIC_URL: "https://kapra.pk", PORT: 3000 });
    expect(accepts("kapra.pk")).toBe(true);
    expect(accepts("KAPRA.pk:443")).toBe(true);
    for (const other of [
      "evil.example",
      "kapra.pk:3000",
      "localhost:3000",
      "127.0.0.1:3000",
      "kapra.pk.evil.example",
      "kapra.pk@evil",
      "",
      undefined,
      "kapra.pk/x",
    ])
      expect(accepts(other)).toBe(false);
    expect(acceptedOrigins({ PUBLIC_URL: "https://kapra.pk", PORT: 3000 })).toEqual(["https://kapra.pk"]);
  });

  it("without PUBLIC_URL accepts the loopback names on PORT only", () => {
    const accepts = createHostCheck({ PUBLIC_URL: undefined, PORT: 3000 });
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) expect(accepts(host)).toBe(true);
    for (const host of ["localhost", "localhost:3001", "10.0.0.5:3000", "shop.example:3000", "kapra.pk"])
      expect(accepts(host)).toBe(false);
    expect(acceptedOrigins({ PUBLIC_URL: undefined, PORT: 3000 })).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
  });

  it("with a loopback PUBLIC_URL accepts its loopback aliases too (end-to-end tests on 127.0.0.1)", () => {
    expect(acceptedOrigins({ PUBLIC_URL: "http://127.0.0.1:3406", PORT: 3406 })).toEqual([
      "http://localhost:3406",
      "http://127.0.0.1:3406",
      "http://[::1]:3406",
    ]);
  });
});
