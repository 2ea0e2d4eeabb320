import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner, toast } from "./helpers";
import { expectValidHtml } from "./html-check";
import { readSettingsForm, saveSettings, scrollsSideways, type SettingsForm } from "./overview-helpers";

/**
 * Issue 29's pages from end to end: the owner sets a 14-day return window in Settings and writes a
 * Returns page that says {return_window_days}; a guest reads "14 days" on /returns. The owner adds
 * "Size help" at /pages/size-help (a clashing address is refused beside the field), and hostile
 * Markdown shows as text and runs nothing. At 1280 px and on a 390 px phone, html-validate and axe.
 * Everything it changes is put back afterwards.
 */

const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
const SIZE_HELP = "size-help";
const HOSTILE_SLUG = `hostile-${suffix}`;
const HOSTILE = [
  "## Try me",
  "",
  "<script>window.__pwned = 1</script>",
  "",
  '<img src="x" onerror="window.__pwned = 2">',
  "",
  "[Click me](javascript:window.__pwned=3) and [me too](JaVaScRiPt:window.__pwned=4) and <javascript:window.__pwned=5>",
  "",
  "![pixel](data:image/png;base64,iVBORw0KGgo=)",
  "",
  '<iframe src="https://example.com"></iframe>',
].join("\n");

test.describe.serial("storefront pages", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  let owner: Page;
  let settingsBefore: SettingsForm;

  test.beforeAll(async ({ browser }) => {
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsOwner(owner.request);
    settingsBefore = await readSettingsForm(owner);
  });

  test.afterAll(async ({ baseURL }) => {
    await saveSettings(owner.request, baseURL!, settingsBefore);
    await owner.goto("/seller/storefront/pages");
    const returnsId = await owner
      .getByRole("main")
      .getByRole("link", { name: /^(Returns & Exchanges|Our returns)$/ })
      .getAttribute("href");
    if (returnsId)
      await owner.request.post(returnsId, {
        form: { intent: "restore" },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
    for (const name of ["Size help", "Try me"]) {
      const link = owner.getByRole("main").getByRole("link", { name, exact: true });
      if (await link.count())
        await owner.request.post((await link.getAttribute("href"))!, {
          form: { intent: "delete" },
          headers: { origin: baseURL! },
          maxRedirects: 0,
        });
    }
    await owner.context().close();
  });

  test("the owner sets a 14-day return window and writes a Returns page with {return_window_days}; a guest reads 14 days on /returns", async ({
    page,
  }) => {
    await gotoHydrated(owner, "/seller/settings");
    const settings = owner.getByRole("form", { name: "Settings" });
    await settings.getByRole("textbox", { name: "Return window (days after delivery)" }).fill("14");
    await settings
      .getByRole("textbox", { name: /most working days$/ })
      .first()
      .fill("2");
    await settings.getByRole("button", { name: "Save Settings" }).click();
    // Most below fewest: refused beside the field, what was typed kept.
    await expect(settings.getByRole("textbox", { name: /: most working days$/ }).first()).toHaveAccessibleDescription(
      "The most days cannot be fewer than the fewest days",
    );
    await expect(settings.getByRole("textbox", { name: "Return window (days after delivery)" })).toHaveValue("14");
    await settings
      .getByRole("textbox", { name: /: most working days$/ })
      .first()
      .fill("5");
    await settings.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(owner, "Settings saved. The shop shows them now.")).toBeVisible();

    // Before any edit, the default text already follows the setting.
    await page.goto("/returns");
    await expect(page.getByRole("heading", { level: 2, name: "14-day returns" })).toBeVisible();

    await gotoHydrated(owner, "/seller/storefront/pages");
    await expect(
      owner.getByRole("navigation", { name: "Storefront" }).getByRole("link", { name: "Pages" }),
    ).toHaveAttribute("aria-current", "page");
    await owner.getByRole("main").getByRole("link", { name: "Returns & Exchanges", exact: true }).click();
    await expect(owner.getByRole("heading", { name: "Edit Returns & Exchanges" })).toBeVisible();
    await expect(owner.getByText("{return_window_days}", { exact: true })).toBeVisible();
    await expect(owner.getByText("Days after delivery to return or exchange: 14")).toBeVisible();
    const body = owner.getByRole("textbox", { name: "Text (Markdown)" });
    await expect(body).toHaveValue(/## \{return_window_days\}-day returns/);
    await body.fill(
      "## Easy returns\n\nSend it back within **{return_window_days} days** of delivery. {retrun_window_days}",
    );
    await owner.getByRole("button", { name: "Preview" }).click();
    const preview = owner.getByRole("region", { name: "Preview (not saved)" });
    await expect(preview).toContainText("Send it back within 14 days of delivery.");
    await expect(preview).toContainText("Not placeholders, shown as typed: {retrun_window_days}");
    await expect(body).toHaveValue(/Easy returns/);
    // Nothing saved yet.
    await page.goto("/returns");
    await expect(page.getByRole("heading", { level: 2, name: "14-day returns" })).toBeVisible();

    await owner.getByRole("button", { name: "Save page" }).click();
    await expect(toast(owner, "Returns & Exchanges saved")).toBeVisible();
    await page.goto("/returns");
    await expect(page.getByRole("heading", { level: 1, name: "Returns & Exchanges" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Send it back within 14 days of delivery. {retrun_window_days}");
    await expect(page.getByRole("main").locator("strong")).toHaveText("14 days");
    await expect(page).toHaveTitle(/^Returns & Exchanges \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Send it back within 14 days of delivery. {retrun_window_days}",
    );
    await expectValidHtml(page.request, "/returns");
    await expectNoSeriousA11yViolations(page);
  });

  test("the owner adds Size help at /pages/size-help; a second page with that address is refused beside the field", async ({
    page,
  }) => {
    await gotoHydrated(owner, "/seller/storefront/pages");
    await owner.getByRole("link", { name: "Add page" }).click();
    await owner.getByRole("textbox", { name: "Title" }).fill("Size help");
    await owner
      .getByRole("textbox", { name: "Text (Markdown)" })
      .fill(
        "Not sure of your size? Write to {contact_email}.\n\n## Kurta\n\n| Size | Chest (in) |\n|---|--:|\n| 8 | 34 |\n| 10 | 36 |",
      );
    await owner.getByRole("button", { name: "Save page" }).click();
    await expect(toast(owner, "Size help saved")).toBeVisible();
    await expect(owner.getByRole("link", { name: "/pages/size-help" })).toBeVisible();

    await page.goto(`/pages/${SIZE_HELP}`);
    await expect(page.getByRole("heading", { level: 1, name: "Size help" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Kurta" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Chest (in)" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`Write to ${settingsBefore.contactEmail}.`);

    await gotoHydrated(owner, "/seller/storefront/pages/new");
    await owner.getByRole("textbox", { name: "Title" }).fill("Sizes again");
    await owner.getByRole("textbox", { name: "Address" }).fill(SIZE_HELP);
    await owner.getByRole("textbox", { name: "Text (Markdown)" }).fill("Kept as typed");
    await owner.getByRole("button", { name: "Save page" }).click();
    await expect(owner.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription(
      /Another page already has this address/,
    );
    await expect(owner.getByRole("textbox", { name: "Title" })).toHaveValue("Sizes again");
    await expect(owner.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue("Kept as typed");

    // Hidden: 404; published again: back. The built-in pages keep their classic addresses.
    await gotoHydrated(owner, "/seller/storefront/pages");
    await owner.getByRole("button", { name: "Unpublish Size help" }).click();
    await expect(toast(owner, "Size help is hidden from shoppers")).toBeVisible();
    expect((await page.request.get(`/pages/${SIZE_HELP}`)).status()).toBe(404);
    await owner.getByRole("button", { name: "Publish Size help" }).click();
    await expect(toast(owner, "Size help is published")).toBeVisible();
    expect((await page.request.get(`/pages/${SIZE_HELP}`)).status()).toBe(200);
    const about = await page.request.get("/pages/about", { maxRedirects: 0 });
    expect(about.status()).toBe(301);
    expect(about.headers().location).toBe("/about");
    expect((await page.request.get("/pages/shipping")).status()).toBe(200);
    expect((await page.request.get("/pages/no-such-page")).status()).toBe(404);
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/pages/${SIZE_HELP}</loc>`);

    await expectValidHtml(page.request, `/pages/${SIZE_HELP}`);
    await expectValidHtml(owner.request, "/seller/storefront/pages");
    await expectValidHtml(owner.request, "/seller/storefront/pages/new");
    await expectNoSeriousA11yViolations(page);
    await expectNoSeriousA11yViolations(owner);
  });

  test("hostile Markdown shows as text and runs nothing", async ({ page }) => {
    await gotoHydrated(owner, "/seller/storefront/pages/new");
    await owner.getByRole("textbox", { name: "Title" }).fill("Try me");
    await owner.getByRole("textbox", { name: "Address" }).fill(HOSTILE_SLUG);
    await owner.getByRole("textbox", { name: "Text (Markdown)" }).fill(HOSTILE);
    await owner.getByRole("button", { name: "Preview" }).click();
    await expect(owner.getByRole("region", { name: "Preview (not saved)" })).toContainText(
      "<script>window.__pwned = 1</script>",
    );
    await owner.getByRole("button", { name: "Save page" }).click();
    await expect(toast(owner, "Try me saved")).toBeVisible();
    expect(await owner.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await gotoHydrated(page, `/pages/${HOSTILE_SLUG}`);
    const main = page.getByRole("main");
    await expect(main).toContainText("<script>window.__pwned = 1</script>");
    await expect(main).toContainText('<img src="x" onerror="window.__pwned = 2">');
    await expect(main).toContainText("[Click me](javascript:window.__pwned=3)");
    await expect(main).toContainText('<iframe src="https://example.com"></iframe>');
    await expect(
      main.locator("script, iframe, img, [onerror], [style], a[href^='javascript' i], a[href^='data' i]"),
    ).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expectValidHtml(page.request, `/pages/${HOSTILE_SLUG}`);
  });
});

test.describe("storefront pages on a phone", () => {
  test("a guest reads the pages and the owner edits them at 390 px", async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/returns", "/about", "/pages/shipping", "/pages/faq", "/privacy", "/terms"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await scrollsSideways(page), `${path} scrolls sideways`).toBe(false);
    }
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: /^About / })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What we care about" })).toBeVisible();
    await expect(page.getByText("Happy customers")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/contact");
    await expect(page.getByText("How long does delivery take?")).toBeVisible();

    const owner = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await signInAsOwner(owner.request);
    await gotoHydrated(owner, "/seller/storefront/pages");
    await owner.getByRole("main").getByRole("link", { name: "Shipping & Delivery", exact: true }).click();
    await expect(owner.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue(/\{delivery_days_local\}/);
    await owner.getByRole("button", { name: "Preview" }).click();
    await expect(owner.getByRole("region", { name: "Preview (not saved)" })).toContainText("working days");
    expect(await scrollsSideways(owner)).toBe(false);
    await expectNoSeriousA11yViolations(owner);
    await expectValidHtml(owner.request, "/seller/storefront/pages");
    await owner.context().close();
  });
});

test.describe("the page editor's checks", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a bad address is caught in the browser with the action's own schema, before anything is sent; Preview still shows what was typed", async ({
    page,
  }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/storefront/pages/new");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const editor = page.getByRole("form", { name: "Add page" });
    const address = editor.getByRole("textbox", { name: "Address" });
    await editor.getByRole("textbox", { name: "Title" }).fill("Checked first");
    await address.fill("Not An Address!");
    await address.blur();
    const message = "Use lower-case letters, digits and single hyphens, like size-help";
    await expect(address).toHaveAccessibleDescription(new RegExp(message));
    await editor.getByRole("button", { name: "Save page" }).click();
    await expect(editor.getByRole("alert")).toHaveText("Nothing was saved: please correct the fields marked below.");
    await expect(address).toBeFocused();
    expect(posts, "a refused form is not sent").toEqual([]);

    // Preview checks nothing: it shows what was typed (one POST, nothing saved).
    await editor.getByRole("textbox", { name: "Text (Markdown)" }).fill("## Hello");
    await editor.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview (not saved)" })).toContainText("Hello");
    expect(posts).toHaveLength(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses the same with the same words, and keeps what was typed", async ({ page }) => {
      await signInAsOwner(page);
      await page.goto("/seller/storefront/pages/new");
      const editor = page.getByRole("form", { name: "Add page" });
      await editor.getByRole("textbox", { name: "Title" }).fill("Checked on the server");
      await editor.getByRole("textbox", { name: "Address" }).fill("Not An Address!");
      await editor.getByRole("textbox", { name: "Text (Markdown)" }).fill("Kept as typed");
      await editor.getByRole("button", { name: "Save page" }).click();
      await expect(editor.getByRole("alert")).toHaveText("Nothing was saved: please correct the fields marked below.");
      await expect(editor.getByRole("textbox", { name: "Address" })).toHaveValue("Not An Address!");
      await expect(editor.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription(
        /Use lower-case letters, digits and single hyphens/,
      );
      await expect(editor.getByRole("textbox", { name: "Title" })).toHaveValue("Checked on the server");
      await expect(editor.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue("Kept as typed");
    });
  });
});
