import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address";

describe("addressKey", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });
  it("counts IPv6 by its /64, however it is written", () => {
    expect(addressKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
