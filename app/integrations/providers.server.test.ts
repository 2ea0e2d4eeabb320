import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLeopardsStandIn, type LeopardsStandIn } from "./couriers/leopards/leopards-stand-in";
import { startPostexStandIn, type PostexStandIn } from "./couriers/postex/postex-stand-in";
import { startJazzcashStandIn } from "./payments/jazzcash/jazzcash-stand-in";
import { startSafepayStandIn } from "./payments/safepay/safepay-stand-in";
import { createProviders } from "./providers.server";

describe("createProviders", () => {
  let postex: PostexStandIn;
  let leopards: LeopardsStandIn;
  beforeAll(async () => {
    [postex, leopards] = await Promise.all([startPostexStandIn(), startLeopardsStandIn()]);
  });
  afterAll(async () => {
    await Promise.all([postex?.stop(), leopards?.stop()]);
  });

  it("reaches PostEx and Leopards at POSTEX_API_URL and LEOPARDS_API_URL, as couriers.api.postex and .leopards", async () => {
    const providers = createProviders({
      SMTP_URL: undefined,
      POSTEX_API_URL: postex.url,
      LEOPARDS_API_URL: leopards.url,
    });
    expect(providers.couriers.api.postex.kind).toBe("postex");
    expect(providers.couriers.api.leopards.kind).toBe("leopards");
    expect(await providers.couriers.api.postex.cities({ token: postex.token })).toContainEqual({
      id: "Karachi",
      name: "Karachi",
    });
    expect(
      await providers.couriers.api.leopards.cities({ apiKey: leopards.apiKey, apiPassword: leopards.apiPassword }),
    ).toContainEqual({ id: "475", name: "Karachi" });
    expect(postex.seen).toHaveLength(1);
    expect(leopards.seen).toHaveLength(1);
    expect(providers.couriers.file).toBeDefined();
  });

  it("reaches Safepay and JazzCash at SAFEPAY_API_URL and JAZZCASH_API_URL, as payments.safepay and .jazzcash", async () => {
    const [safepay, jazzcash] = await Promise.all([startSafepayStandIn(), startJazzcashStandIn()]);
    try {
      const providers = createProviders({
        SMTP_URL: undefined,
        SAFEPAY_API_URL: safepay.url,
        JAZZCASH_API_URL: jazzcash.url,
      });
      await providers.payments.safepay.test(safepay.credentials);
      await providers.payments.jazzcash.test(jazzcash.credentials);
      expect(safepay.seen.map((s) => s.path)).toEqual(["/reporter/api/v1/payments/track_test_connection"]);
      expect(jazzcash.seen.map((s) => s.path)).toEqual(["/ApplicationAPI/API/PaymentInquiry/Inquire"]);
    } finally {
      await Promise.all([safepay.stop(), jazzcash.stop()]);
    }
  });
});
