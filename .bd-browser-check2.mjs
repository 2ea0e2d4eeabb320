import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3917";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
async function setup(context) {
  const req = context.request;
  const email = `n${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.pk`;
  await req.post(`${base}/api/auth/sign-up/email`, { data: { name: "No Js", email, password: "password123" }, headers: { origin: base } });
  const list = (await (await req.get(`${base}/api/products`)).json()).data;
  const items = list.items ?? list.products ?? list;
  const p = items.find((x) => x.status === "active" && x.stock > 5);
  const d = (await (await req.get(`${base}/api/products/${p.id}`)).json()).data;
  const v = d.variants.find((x) => x.stock > 0);
  const r = await req.post(`${base}/api/orders`, { headers: { origin: base, "idempotency-key": `y${Date.now()}${Math.random()}` }, data: { items: [{ productId: p.id, color: v.color, size: v.size, quantity: 1 }], shipping: { fullName: "No Js", email, phone: "03001234567", address: "House 9", city: "Lahore" }, paymentMethod: "cod" } });
  return (await r.json()).data;
}
// Without JavaScript
{
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
  const order = await setup(context);
  const page = await context.newPage();
  await page.goto("/buyer-dashboard");
  console.log("nojs view details href", await page.getByRole("link", { name: "View Details" }).getAttribute("href"), order.orderId);
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await page.waitForLoadState();
  console.log("nojs after cancel", page.url(), await page.getByRole("status").filter({ hasText: "cancelled" }).innerText());
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Save Settings" }).waitFor();
  await page.getByLabel("SMS shipping updates").uncheck();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await page.waitForLoadState();
  console.log("nojs settings", page.url(), await page.getByRole("status").filter({ hasText: "Settings saved" }).count(), await page.getByLabel("SMS shipping updates").isChecked());
  await page.getByLabel("Current Password").fill("password123");
  await page.getByLabel(/^New Password/).fill("password789");
  await page.getByLabel("Confirm New Password").fill("password789");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.waitForLoadState();
  console.log("nojs pw", page.url(), await page.getByText(/Password changed/).count(), await page.getByRole("heading", { level: 1 }).innerText());
  await page.getByRole("link", { name: "Profile" }).click();
  await page.getByLabel("City", { exact: true }).selectOption("Other");
  await page.getByLabel("City name (if Other)").fill("Chitral");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await page.waitForLoadState();
  console.log("nojs profile", await page.locator("dl").first().innerText().then((t) => t.replace(/\n/g, " | ")));
  await context.close();
}
// Loading state with JS: delay data requests
{
  const context = await browser.newContext({ baseURL: base });
  await setup(context);
  const page = await context.newPage();
  await page.goto("/buyer-dashboard?tab=wishlist");
  await page.waitForFunction(() => { const m = document.getElementById("main"); return Boolean(m && Object.keys(m).some((k) => k.startsWith("__reactProps"))); });
  await page.route("**/*.data*", async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
  await page.getByRole("link", { name: "My Orders" }).click();
  await page.getByText("Loading your orders...").waitFor({ timeout: 1000 });
  console.log("loading shown; aria-current", await page.getByRole("link", { name: "My Orders" }).getAttribute("aria-current"));
  await page.getByTestId("order-card").first().waitFor();
  console.log("loaded", await page.getByText("Loading your orders...").count());
  await context.close();
}
await browser.close();
