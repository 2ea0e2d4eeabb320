import { expect, test } from "@playwright/test";
import { SELLER } from "../../playwright.config";
import { createAccount, expectNoSeriousA11yViolations, gotoHydrated, newAccount, signInAsOwner, submitSignIn } from "./helpers";
import { scrollsSideways } from "./overview-helpers";

/** The dashboard frame: who may enter, the greeting and the tabs (each tab's own spec covers its page). */
test.describe("seller dashboard frame", () => {
  test("a guest sent from a dashboard page is asked to log in there and comes back to that page", async ({ page }) => {
    await page.goto("/seller-dashboard/email-logs");
    await expect(page).toHaveURL(/\/auth\?mode=login&redirectTo=%2Fseller-dashboard%2Femail-logs$/);
    await expect(page.getByText("Please log in to access the Dashboard")).toBeVisible();
    await submitSignIn(page, SELLER.email, SELLER.password);
    await expect(page).toHaveURL(/\/seller-dashboard\/email-logs$/);
    await expect(page.getByRole("heading", { level: 2, name: "Email Logs" })).toBeVisible();
  });

  test("a buyer never sees the message meant for the dashboard on an ordinary sign-in", async ({ page }) => {
    await page.goto("/buyer-dashboard");
    await expect(page).toHaveURL(/\/auth\?/);
    await expect(page.getByText("Please log in to access the Dashboard")).toHaveCount(0);
  });

  test("a buyer is sent to their own dashboard from every owner page", async ({ page }) => {
    await createAccount(page, newAccount("frame-buyer"));
    for (const path of ["/seller-dashboard", "/seller/orders", "/seller-dashboard/email-logs"]) {
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
      ["Products", "/seller-dashboard/products"],
      ["Add Product", "/seller-dashboard/products/new"],
      ["Email Logs", "/seller-dashboard/email-logs"],
      ["Settings", "/seller-dashboard/settings"],
      ["Inbox", "/seller-dashboard/inbox"],
      ["Reviews", "/seller-dashboard/reviews"],
      ["Team", "/seller-dashboard/team"],
      ["Password", "/seller-dashboard/password"],
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

  test("every tab fits a 390 px phone without sideways scrolling; Email Logs says plainly whether a mail server is configured", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOwner(page);
    const pages: [string, string][] = [
      ["/seller-dashboard", "Overview"],
      ["/seller/orders", "Orders"],
      ["/seller-dashboard/products", "Products"],
      ["/seller-dashboard/products/new", "Add Product"],
      ["/seller-dashboard/email-logs", "Email Logs"],
      ["/seller-dashboard/settings", "Settings"],
      ["/seller-dashboard/inbox", "Inbox"],
      ["/seller-dashboard/reviews", "Reviews"],
      ["/seller-dashboard/team", "Team"],
      ["/seller-dashboard/password", "Change Password"],
    ];
    for (const [path, heading] of pages) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      expect(await scrollsSideways(page), `${path} scrolls sideways at 390 px`).toBe(false);
    }
    await gotoHydrated(page, "/seller-dashboard/email-logs");
    await expect(page.getByText(/^A mail server is configured: e-mails are sent/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
