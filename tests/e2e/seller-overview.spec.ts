import { expect, test, type Page } from "@playwright/test";
import {
  addToCartByApi,
  checkoutForm,
  createAccount,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  uniqueEmail,
  keepShot,
} from "./helpers";
import { overviewByApi, readSettingsForm, saveSettings, scrollsSideways, type SettingsForm } from "./overview-helpers";

/**
 * The owner's Overview, Settings, Inbox and Team (issue 7). The e2e server is shared by every spec,
 * so figures are checked as changes from what the owner saw before, and settings are put back.
 */

// Seeded products no other spec counts the stock of.
const TROUSERS = { id: "relaxed-linen-trousers", name: "Relaxed Linen Trousers", price: 3499 };
const SHIRT = { id: "linen-summer-shirt", name: "Linen Summer Shirt", price: 3999 };
const pkr = (n: number) => `PKR ${n.toLocaleString("en-US")}`;
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

function stat(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();
}

test.describe("Overview", () => {
  test("shows the figures, recent orders and charts after a few orders, and the same figures as the API", async ({
    page,
    browser,
  }) => {
    await signInAsOwner(page);
    const before = await overviewByApi(page.request);

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    const account = await createAccount(buyer, newAccount("overview", "Overview Buyer"));
    const name = `Nadia ${Date.now().toString(36)}`;
    const first = await placeOrderByApi(buyer, [{ productId: TROUSERS.id, color: "White", size: "M", quantity: 3 }], {
      fullName: name,
      city: "Sialkot",
      email: account.email,
    });
    const second = await placeOrderByApi(buyer, [{ productId: SHIRT.id, color: "White", size: "L", quantity: 1 }], {
      fullName: name,
      city: "Sialkot",
      email: account.email,
    });
    await buyerContext.close();
    const totals = 3 * TROUSERS.price + 200 + SHIRT.price + 200;

    await gotoHydrated(page, "/seller-dashboard");
    await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
    await expect(stat(page, "Total Orders")).toHaveText((before.stats.totalOrders + 2).toLocaleString("en-US"));
    await expect(stat(page, "Pending Orders")).toHaveText((before.stats.pendingOrders + 2).toLocaleString("en-US"));
    await expect(stat(page, "Pending value")).toHaveText(pkr(before.stats.pendingValue + totals));
    // New orders are pending: no revenue yet, nothing outstanding with couriers.
    await expect(stat(page, "Total Revenue")).toHaveText(pkr(before.stats.totalRevenue));
    await expect(stat(page, "COD outstanding")).toHaveText(pkr(before.stats.codOutstanding));
    await expect(stat(page, "Products")).toHaveText(before.stats.products.toLocaleString("en-US"));

    const recent = page.getByRole("region", { name: "Recent Orders" }).getByRole("listitem");
    await expect(recent).toHaveCount(Math.min(5, before.stats.totalOrders + 2));
    await expect(recent.first()).toContainText(`#${second.orderId.slice(-8)}`);
    await expect(recent.first()).toContainText(name);
    await expect(recent.first()).toContainText(pkr(SHIRT.price + 200));
    await expect(recent.first().getByTestId("order-status")).toHaveText("Pending");
    await expect(recent.nth(1)).toContainText(`#${first.orderId.slice(-8)}`);
    await expect(page.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/seller/orders");

    // The charts draw (recharts, loaded after hydration) beside their text alternatives.
    for (const id of ["daily-chart", "top-products-chart", "cities-chart"]) {
      await expect(page.getByTestId(id).locator("svg.recharts-surface")).toBeVisible();
    }
    const after = await overviewByApi(page.request);
    const sialkot = after.cities.find((c) => c.city === "Sialkot");
    expect(sialkot?.orders).toBe((before.cities.find((c) => c.city === "Sialkot")?.orders ?? 0) + 2);
    await expect(page.getByRole("figure", { name: /^Orders by city/ }).getByRole("list")).toContainText(
      `Sialkot${sialkot!.orders} orders`,
    );
    const today = after.daily[after.daily.length - 1];
    expect(today.orders).toBe(before.daily[before.daily.length - 1].orders + 2);
    expect(after.topProducts.find((p) => p.productId === TROUSERS.id)?.units ?? 0).toBeGreaterThanOrEqual(3);
    await page.getByText("Show the figures per day").click();
    await expect(page.getByRole("table", { name: "Revenue and orders per day" }).getByRole("row").nth(1)).toContainText(
      String(today.orders),
    );

    await expectNoSeriousA11yViolations(page);
  });

  test("keeps recharts out of the storefront: the shop's pages never load the charts chunk", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await gotoHydrated(page, "/");
    await gotoHydrated(page, "/products");
    expect(scripts.some((url) => /overview-charts/.test(url))).toBe(false);
  });

  test("a guest is sent to sign in, a buyer to their own dashboard, and the API refuses both", async ({
    page,
    browser,
  }) => {
    await page.goto("/seller/settings");
    await expect(page).toHaveURL(/\/auth\?mode=login&redirectTo=%2Fseller%2Fsettings/);
    await expect(page.getByText("Please log in to access the Dashboard")).toBeVisible();
    expect((await page.request.get("/api/seller/overview")).status()).toBe(401);

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("not-owner"));
    await buyer.goto("/seller/inbox");
    await expect(buyer).toHaveURL(/\/buyer-dashboard$/);
    const api = await buyer.request.get("/api/seller/overview");
    expect(api.status()).toBe(403);
    expect((await api.json()).error.code).toBe("FORBIDDEN");
    await buyerContext.close();
  });
});

test.describe("Settings", () => {
  let original: SettingsForm | null = null;
  test.afterEach(async ({ page, baseURL }) => {
    // Put the shop back as it was for the other specs.
    if (original) await saveSettings(page.request, baseURL!, original);
    original = null;
  });

  test("a change of brand, phone and shipping fee shows to a guest at once and in checkout totals", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsOwner(page);
    original = await readSettingsForm(page);

    // A guest has the home page in the page cache (second visit is a cache hit).
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto("/");
    const cached = await guest.request.get("/", { headers: { cookie: "" } });
    expect(cached.headers()["x-cache"]).toBe("HIT");

    const brand = `Kapra ${Date.now().toString(36).slice(-5)}`;
    await gotoHydrated(page, "/seller/settings");
    const form = page.getByRole("form", { name: "Settings" });
    await form.getByRole("textbox", { name: "Brand name" }).fill(brand);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("+92 300 5551234");
    await form.getByRole("textbox", { name: "Shipping fee (PKR)" }).fill("350");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved. The shop shows them now.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Brand name" })).toHaveValue(brand);

    // The guest sees the change on the very next page view, not after the cache expires.
    await guest.goto("/");
    await expect(guest.getByRole("contentinfo")).toContainText(brand);
    await expect(guest.getByRole("contentinfo")).toContainText("+92 300 5551234");
    await guest.goto("/contact");
    await expect(guest.getByRole("main")).toContainText("+92 300 5551234");
    await guestContext.close();

    // Checkout charges the new fee.
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("settings-fee"));
    await addToCartByApi(buyer, { productId: TROUSERS.id, color: "Gray", size: "S", quantity: 1 });
    await buyer.goto("/checkout");
    await expect(buyer.getByTestId("shipping")).toHaveText(rs(350));
    await expect(buyer.getByRole("definition").filter({ hasText: rs(TROUSERS.price + 350) })).toBeVisible();
    await buyerContext.close();
    expect(baseURL).toBeTruthy();
  });

  test("refuses a bad blocked number beside its field, keeps what was typed, and a blocked phone is refused at checkout", async ({
    page,
    browser,
  }) => {
    await signInAsOwner(page);
    original = await readSettingsForm(page);
    await gotoHydrated(page, "/seller/settings");
    const form = page.getByRole("form", { name: "Settings" });
    const blocked = form.getByRole("textbox", { name: "Blocked phone numbers" });
    await form.getByRole("textbox", { name: "Brand name" }).fill("Typed But Not Saved");
    await blocked.fill("0300-7770001\n12345");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(blocked).toHaveAttribute("aria-invalid", "true");
    await expect(blocked).toHaveAccessibleDescription(
      'Line 2 ("12345") is not a Pakistani mobile number, like 0300 1234567',
    );
    await expect(form.getByRole("textbox", { name: "Brand name" })).toHaveValue("Typed But Not Saved");
    await expect(blocked).toHaveValue("0300-7770001\n12345");
    expect((await readSettingsForm(page)).brandName).toBe(original.brandName);

    await gotoHydrated(page, "/seller/settings");
    await page.getByRole("textbox", { name: "Blocked phone numbers" }).fill("0300-7770001\n+92 301 7770002");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved. The shop shows them now.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Blocked phone numbers" })).toHaveValue(
      "+923007770001\n+923017770002",
    );

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("blocked"));
    await addToCartByApi(buyer, { productId: TROUSERS.id, color: "Gray", size: "S", quantity: 1 });
    await gotoHydrated(buyer, "/checkout");
    await fillShipping(buyer, {
      fullName: "Blocked Buyer",
      email: uniqueEmail("blocked"),
      phone: "0301 7770002",
      city: "Lahore",
      address: "House 1, Street 2, Johar Town",
    });
    await checkoutForm(buyer).getByRole("button", { name: "Place Order" }).click();
    const phone = checkoutForm(buyer).getByRole("textbox", { name: "Phone" });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(
      "We cannot take cash on delivery orders from this phone number. Please contact the shop.",
    );
    await expect(buyer).toHaveURL(/\/checkout/);
    await buyerContext.close();
  });
});

test.describe("Inbox", () => {
  test("shows a message sent from /contact, marks it handled and back, with a reply link", async ({
    page,
    browser,
  }) => {
    const subject = `Size exchange & fit ${Date.now().toString(36)}`;
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await gotoHydrated(guest, "/contact");
    const contact = guest.getByRole("form", { name: "Contact form" });
    await contact.getByRole("textbox", { name: "Name" }).fill("Rabia Awan");
    await contact.getByRole("textbox", { name: "Email" }).fill("rabia@example.pk");
    await contact.getByRole("textbox", { name: "Subject" }).fill(subject);
    await contact.getByRole("textbox", { name: "Message" }).fill("Can I exchange a medium for a large?");
    // Sent at once, as a script does: kept for the owner all the same (marked as possible spam).
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(guest.getByText("Message sent successfully!")).toBeVisible();
    await guestContext.close();

    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/inbox");
    // The tab is named just "Inbox"; how many wait is its description ("3 waiting").
    const inboxTab = page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Inbox", exact: true });
    await expect(inboxTab).toHaveAccessibleDescription(/^\d+ waiting$/);
    const waiting = Number(
      (await inboxTab.getAttribute("aria-describedby").then((id) => page.locator(`#${id}`).textContent()))?.match(
        /\d+/,
      )?.[0],
    );
    expect(waiting).toBeGreaterThanOrEqual(1);
    const message = page.getByRole("article", { name: new RegExp(subject) });
    await expect(message).toContainText("New");
    await expect(message).toContainText("From Rabia Awan");
    await expect(message).toContainText("Can I exchange a medium for a large?");
    await expect(message.getByRole("link", { name: "Reply to Rabia Awan" })).toHaveAttribute(
      "href",
      `mailto:rabia@example.pk?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    await expectNoSeriousA11yViolations(page);

    await message.getByRole("button", { name: "Mark as handled" }).click();
    await expect(toast(page, "Marked as handled")).toBeVisible();
    await expect(message.getByRole("button", { name: "Mark as not handled" })).toBeVisible();
    await expect(message).not.toContainText("New");
    if (waiting === 1) await expect(inboxTab).not.toHaveAttribute("aria-describedby", /.+/);
    else await expect(inboxTab).toHaveAccessibleDescription(`${waiting - 1} waiting`);

    await page.reload();
    await message.getByRole("button", { name: "Mark as not handled" }).click();
    await expect(message.getByRole("button", { name: "Mark as handled" })).toBeVisible();
    await expect(message).toContainText("New");
  });
});

test.describe("Team", () => {
  test("gives the seller role by e-mail, says so for an unknown e-mail, and takes it back at once", async ({
    page,
    browser,
  }) => {
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    const account = await createAccount(staff, newAccount("staff", "Sana Staff"));

    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/team");
    const email = page.getByRole("textbox", { name: "Account e-mail" });
    await email.fill("nobody-here@example.pk");
    await page.getByRole("button", { name: "Give seller role" }).click();
    await expect(email).toHaveAccessibleDescription(
      "No account uses nobody-here@example.pk. Ask them to create an account first, then add them here.",
    );
    await expect(email).toHaveValue("nobody-here@example.pk");

    await email.fill(account.email);
    await page.getByRole("button", { name: "Give seller role" }).click();
    await expect(toast(page, `Sana Staff (${account.email}) can now run the shop`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Team", exact: true }).getByRole("list")).toContainText(
      account.email,
    );
    // The staff member's open session is a seller's at once.
    await staff.goto("/seller-dashboard");
    await expect(staff.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();

    await page.getByRole("button", { name: `Remove seller role from ${account.email}` }).click();
    await expect(toast(page, `${account.email} is no longer a seller`)).toBeVisible();
    await staff.goto("/seller-dashboard");
    await expect(staff).toHaveURL(/\/buyer-dashboard$/);
    await staffContext.close();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("On a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every dashboard page fits without sideways scrolling, and every tab can be reached", async ({ page }) => {
    // A page per tab (twelve with Shipping): more than 30 s on a busy 2-core machine.
    test.slow();
    await signInAsOwner(page);
    for (const [path, heading, shot] of [
      ["/seller-dashboard", "Overview", "overview"],
      ["/seller/settings", "Settings", "settings"],
      ["/seller/inbox", "Inbox", "inbox"],
      ["/seller/team", "Team", "team"],
    ] as const) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      if (path === "/seller-dashboard")
        await expect(page.getByTestId("daily-chart").locator("svg.recharts-surface")).toBeVisible();
      expect(await scrollsSideways(page), `${path} scrolls sideways at 390 px`).toBe(false);
      await keepShot(page, { path: `test-results/seller-overview-390-${shot}.png`, fullPage: true });
      if (path !== "/seller-dashboard") await expectNoSeriousA11yViolations(page);
    }
    // The tab row scrolls inside itself: the last tab can still be reached and used.
    await gotoHydrated(page, "/seller-dashboard");
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await nav.getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/seller\/team$/);
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeAttached();
  });
});
