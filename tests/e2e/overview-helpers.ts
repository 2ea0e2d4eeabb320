import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The Settings form's fields as the owner's browser posts them (tests/e2e only). */
export type SettingsForm = Record<
  | "brandName"
  | "contactEmail"
  | "phone"
  | "address"
  | "city"
  | "instagram"
  | "happyCustomers"
  | "yearsInBusiness"
  | "productsSold"
  | "averageRating"
  | "shippingFee"
  | "freeShippingThreshold"
  | "maxCodOrderValue"
  | "blockedPhones"
  | "notificationEmails",
  string
> &
  // The COD risk and low-stock fields (issue 31): absent, the stored values stay.
  Partial<
    Record<
      | "riskTags"
      | "minDeliveryRate"
      | "minFinishedParcels"
      | "lowStockThreshold"
      | "lowStockDigest"
      | "lowStockDigestShown",
      string
    >
  >;

/** The settings as the Settings page shows them, read from its inputs (so a test can put them back). */
export async function readSettingsForm(page: Page): Promise<SettingsForm> {
  await page.goto("/seller/settings");
  const values = await page
    .locator('form[aria-labelledby="settings-title"]')
    .evaluate((form) => Object.fromEntries(new FormData(form as HTMLFormElement).entries()));
  return values as SettingsForm;
}

/** Saves settings by posting the Settings form as a signed-in owner's browser would. */
export async function saveSettings(request: APIRequestContext, baseURL: string, values: SettingsForm) {
  const res = await request.post("/seller/settings", { form: values, headers: { origin: baseURL }, maxRedirects: 0 });
  expect(res.status(), `saving settings failed: ${res.status()}`).toBe(302);
}

/** The overview figures from GET /api/seller/overview. */
export async function overviewByApi(request: APIRequestContext) {
  const res = await request.get("/api/seller/overview");
  expect(res.status()).toBe(200);
  return (await res.json()).data as {
    stats: {
      totalRevenue: number;
      codOutstanding: number;
      pendingValue: number;
      totalOrders: number;
      pendingOrders: number;
      products: number;
    };
    daily: { day: string; orders: number; revenue: number }[];
    topProducts: { productId: string | null; name: string; units: number }[];
    cities: { city: string; orders: number }[];
  };
}

/** True when the page scrolls sideways (it never should, at any width). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
