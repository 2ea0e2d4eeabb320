import { expect, test } from "@playwright/test";
import { SELLER } from "../../playwright.config";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  signInAsOwner,
  submitSignIn,
} from "./helpers";
import { scrollsSideways } from "./overview-helpers";

/** The dashboard frame: who may enter, the greeting and the tabs (each tab's own spec covers its page). */
test.describe("seller dashboard frame", () => {
  test("a guest sent from a dashboard page is asked to log in there and comes back to that page", async ({ page }) => {
    await page.goto("/seller/email-logs");
    await expect(page).toHaveURL(/\/auth\?mode=login&redirectTo=%2Fseller%2Femail-logs$/);
    await expect(page.getByText("Please log in to access the Dashboard")).toBeVisible();
    await submitSignIn(page, SELLER.email, SELLER.password);
    await expect(page).toHaveURL(/\/seller\/email-logs$/);
    await expect(page.getByRole("heading", { level: 2, name: "Email Logs" })).toBeVisible();
  });

  test("a buyer never sees the message meant for the dashboard on an ordinary sign-in", async ({ page }) => {
    await page.goto("/buyer-dashboard");
    await expect(page).toHaveURL(/\/auth\?/);
    await expect(page.getByText("Please log in to access the Dashboard")).toHaveCount(0);
  });

  test("a buyer is sent to their own dashboard from every owner page", async ({ page }) => {
    await createAccount(page, newAccount("frame-buyer"));
    for (const path of ["/seller-dashboard", "/seller/orders", "/seller/email-logs"]) {
      await page.goto(path);
      await expect(page, `${path} should send a buyer away`).toHaveURL(/\/buyer-dashboard$/);
    }
  });

  test("the owner is greeted as Owner and every tab is a link to its own URL", async ({ page }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Shop Owner" })).toBeVisible();
    await expect(page.getByText("Owner", { exact: true })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    const tabs: [string, string][] = [
      ["Overview", "/seller-dashboard"],
      ["Orders", "/seller/orders"],
      ["Products", "/seller/products"],
      ["Add Product", "/seller/products/new"],
      ["Email Logs", "/seller/email-logs"],
      ["Settings", "/seller/settings"],
      ["Inbox", "/seller/inbox"],
      ["Reviews", "/seller/reviews"],
      ["Team", "/seller/team"],
      ["Password", "/seller/password"],
    ];
    for (const [name, href] of tabs) {
      // Exactly the tab's name: a count of what waits (pending orders, new messages) is its description.
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });

  test("Sign Out from the dashboard signs the owner out", async ({ page }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller-dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/seller-dashboard");
    await expect(page).toHaveURL(/\/auth\?/);
  });

  test("every tab fits a 390 px phone without sideways scrolling; Email Logs says plainly whether a mail server is configured", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwner(page);
    const pages: [string, string][] = [
      ["/seller-dashboard", "Overview"],
      ["/seller/orders", "Orders"],
      ["/seller/products", "Products"],
      ["/seller/products/new", "Add Product"],
      ["/seller/email-logs", "Email Logs"],
      ["/seller/settings", "Settings"],
      ["/seller/inbox", "Inbox"],
      ["/seller/reviews", "Reviews"],
      ["/seller/team", "Team"],
      ["/seller/password", "Change Password"],
    ];
    for (const [path, heading] of pages) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      expect(await scrollsSideways(page), `${path} scrolls sideways at 390 px`).toBe(false);
    }
    await gotoHydrated(page, "/seller/email-logs");
    await expect(page.getByText(/^A mail server is configured: e-mails are sent/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

/** Issue 27: every owner page moved under /seller/...; bookmarks and e-mails naming /seller-dashboard/... still arrive. */
test.describe("the owner's old addresses", () => {
  const OLD_TO_NEW: [string, string][] = [
    ["/seller-dashboard/products", "/seller/products"],
    ["/seller-dashboard/products/pocket-tee/edit", "/seller/products/pocket-tee/edit"],
    ["/seller-dashboard/email-logs?status=failed", "/seller/email-logs?status=failed"],
    ["/seller-dashboard/settings/couriers", "/seller/settings/couriers"],
  ];

  test("answer 301 with the new address, through the guest page cache, with the security headers; never cached as a page", async ({
    request,
  }) => {
    for (const [old, now] of OLD_TO_NEW) {
      for (let i = 0; i < 2; i++) {
        const res = await request.get(old, { maxRedirects: 0 });
        expect(res.status(), old).toBe(301);
        expect(res.headers().location, old).toBe(now);
        expect(res.headers()["x-cache"], `${old}: a redirect is not kept by the page cache`).toBe("MISS");
        expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      }
    }
    // A form posted to an old address keeps its method: 308, not 301.
    const post = await request.post("/seller-dashboard/settings", { form: { intent: "settings" }, maxRedirects: 0 });
    expect(post.status()).toBe(308);
    expect(post.headers().location).toBe("/seller/settings");
    // The Overview has not moved, and an address that never existed is still not found.
    const overview = await request.get("/seller-dashboard", { maxRedirects: 0 });
    expect(overview.status(), "a guest is sent to sign in from the Overview itself").toBe(302);
    expect(overview.headers().location).toBe("/auth?mode=login&redirectTo=%2Fseller-dashboard");
    expect((await request.get("/seller-dashboard/nope", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("the owner following an old bookmark lands on the page at its new address; /seller-dashboard is the Overview", async ({
    page,
  }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller-dashboard/products?status=draft");
    await expect(page).toHaveURL(/\/seller\/products\?status=draft$/);
    await expect(page.getByRole("heading", { level: 2, name: "Products", exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Products", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await gotoHydrated(page, "/seller-dashboard");
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByRole("heading", { level: 2, name: "Overview", exact: true })).toBeVisible();
  });
});
