import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServerProcess, type ServerProcess } from "../factories/server-process";
import { createAccount, gotoHydrated, newAccount, signIn, submitSignIn, toast } from "./helpers";

// Issue 10's sign-in items in Chromium: the owner's first-start link, a seller's password change,
// deleting an account, and a hostile return path after sign-in.

test.describe("the owner's first start", () => {
  test.describe.configure({ mode: "serial" });
  const OWNER = "owner-first-start@kapra.test";
  const dataDir = path.resolve(`test-results/e2e-auth-owner-${process.pid}`);
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = await startServerProcess({ DATA_DIR: dataDir, SHOP_OWNER_EMAIL: OWNER, SIGN_IN_RATE_LIMIT: "1000" });
  });
  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let link = "";
  test("the log holds a single-use link and no password; following it sets one and opens the dashboard", async ({
    page,
  }) => {
    const created = server.logs().find((line) => line.msg.startsWith(`Owner account created for ${OWNER}`));
    expect(created?.msg).toMatch(
      /Set its password within 24 hours at http:\/\/localhost:\d+\/set-password\?token=[\w-]+ \(the link works once\)/,
    );
    const everything = JSON.stringify(server.logs()) + server.otherOutput();
    expect(everything).not.toMatch(/one-time password|password [A-Za-z0-9_-]{12,}\b/i);
    link = /http:\/\/localhost:\d+(\/set-password\?token=[\w-]+)/.exec(created!.msg)![1];

    await gotoHydrated(page, `${server.url}${link}`);
    await expect(page.getByRole("heading", { level: 1, name: "Set Your Password" })).toBeVisible();
    await expect(page.getByText(OWNER)).toBeVisible();
    const form = page.getByRole("form", { name: "Set your password" });
    // The rule, beside the field; what was refused sets nothing.
    await form.getByRole("textbox", { name: "New Password", exact: true }).fill("password1234");
    await form.getByRole("textbox", { name: "Confirm New Password" }).fill("password1234");
    await form.getByRole("button", { name: "Set Password" }).click();
    await expect(form.getByRole("textbox", { name: "New Password", exact: true })).toHaveAccessibleDescription(
      "This password is too common. Choose one that is harder to guess.",
    );

    await form.getByRole("textbox", { name: "New Password", exact: true }).fill("karachi-sea-breeze-7");
    await form.getByRole("textbox", { name: "Confirm New Password" }).fill("karachi-sea-breeze-7");
    await form.getByRole("button", { name: "Set Password" }).click();
    await expect(page).toHaveURL(`${server.url}/seller-dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Owner" })).toBeVisible();
  });

  test("used once, the link is dead and says what to do", async ({ page }) => {
    await gotoHydrated(page, `${server.url}${link}`);
    await expect(page.getByRole("alert")).toContainText("This link is not valid any more");
    await expect(page.getByRole("alert")).toContainText("npm run create-seller -- --email YOUR-EMAIL --promote");
    await expect(page.getByRole("form", { name: "Set your password" })).toHaveCount(0);
  });

  test("the owner changes the password from the dashboard; the other device is signed out", async ({
    page,
    browser,
  }) => {
    const other = await browser.newContext({ baseURL: server.url });
    const phone = await other.newPage();
    await signIn(phone, OWNER, "karachi-sea-breeze-7");
    await gotoHydrated(page, `${server.url}/auth?mode=login`);
    await submitSignIn(page, OWNER, "karachi-sea-breeze-7");
    await expect(page).not.toHaveURL(/\/auth\b/);

    await gotoHydrated(page, `${server.url}/seller-dashboard`);
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Password", exact: true })
      .click();
    const form = page.getByRole("form", { name: "Change Password" });
    await form.getByRole("textbox", { name: "Current Password" }).fill("not-the-password");
    await form.getByRole("textbox", { name: "New Password", exact: true }).fill("islamabad-hills-in-may");
    await form.getByRole("textbox", { name: "Confirm New Password" }).fill("islamabad-hills-in-may");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByRole("textbox", { name: "Current Password" })).toHaveAccessibleDescription(
      "Your current password is incorrect",
    );

    await form.getByRole("textbox", { name: "Current Password" }).fill("karachi-sea-breeze-7");
    await form.getByRole("textbox", { name: "New Password", exact: true }).fill("islamabad-hills-in-may");
    await form.getByRole("textbox", { name: "Confirm New Password" }).fill("islamabad-hills-in-may");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "Password changed. You have been signed out on your other devices.")).toBeVisible();
    // This browser stays signed in; the phone is sent to sign in.
    await gotoHydrated(page, `${server.url}/seller-dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Owner" })).toBeVisible();
    await phone.goto(`${server.url}/seller-dashboard`);
    await expect(phone).toHaveURL(/\/auth\?/);
    await other.close();
  });
});

test.describe("a buyer deletes the account", () => {
  test("a wrong password is said beside the field and deletes nothing; the right one deletes the account", async ({
    page,
  }) => {
    const buyer = await createAccount(page, newAccount("delete-me"));
    await gotoHydrated(page, "/buyer-dashboard/settings");
    page.on("dialog", (dialog) => void dialog.accept());
    const form = page.getByRole("form", { name: "Delete Account" });
    await form.getByRole("textbox", { name: "Enter your password to confirm" }).fill("not-my-password-1");
    await form.getByRole("checkbox", { name: /deleted permanently/ }).check();
    await form.getByRole("button", { name: "Delete Account" }).click();
    await expect(form.getByRole("textbox", { name: "Enter your password to confirm" })).toHaveAccessibleDescription(
      "Incorrect password. Please try again.",
    );
    await gotoHydrated(page, "/buyer-dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${buyer.name}` })).toBeVisible();

    await form.getByRole("textbox", { name: "Enter your password to confirm" }).fill(buyer.password);
    await form.getByRole("checkbox", { name: /deleted permanently/ }).check();
    await form.getByRole("button", { name: "Delete Account" }).click();
    await expect(toast(page, "Your account has been deleted.")).toBeVisible();
    const again = await page.request.post("/api/auth/sign-in/email", {
      data: { email: buyer.email, password: buyer.password },
    });
    expect(again.status()).toBe(401);
  });
});

test.describe("the return path after sign-in", () => {
  test("a hostile redirectTo (/%09/evil.example) is dropped for the default page", async ({ page, request }) => {
    const buyer = await createAccount(request, newAccount("redirect"));
    await gotoHydrated(page, "/auth?mode=login&redirectTo=%2F%2509%2Fevil.example");
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/");
    await submitSignIn(page, buyer.email, buyer.password);
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.hostname === "127.0.0.1");
    await expect(toast(page, "Welcome back!")).toBeVisible();
  });

  test("a same-site path is kept", async ({ page, request }) => {
    const buyer = await createAccount(request, newAccount("redirect-ok"));
    await gotoHydrated(page, "/auth?mode=login&redirectTo=%2Fcart");
    await submitSignIn(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(/\/cart$/);
  });
});
