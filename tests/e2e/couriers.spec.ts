import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner, toast } from "./helpers";

/**
 * Settings -> Couriers: the owner adds a courier with its rate card, reads it back in words, edits
 * it, adds a routing rule, and a refused form keeps what was typed: on a 390 px phone with
 * JavaScript, and on a laptop without it.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

async function ownerOn(
  browser: Browser,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
): Promise<Page> {
  const laptop = viewport.width > 800;
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled,
    ...(laptop ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
  });
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

/** The routing rules as the list reads them, "1. Orders to Lahore: TCS". */
const ruleTexts = (page: Page): Locator =>
  page.getByRole("region", { name: "Routing rules" }).getByRole("listitem").locator("p");

const courierCard = (page: Page, name: string): Locator =>
  page
    .getByRole("region", { name: "Couriers" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, "the page fits the screen's width").toBeLessThanOrEqual(widths.screen);
}

test("on a phone, the owner adds TCS with a rate card, reads it in words, edits it, adds a city rule, and a refused form keeps its values", async ({
  browser,
}) => {
  test.slow();
  const page = await ownerOn(browser, PHONE);
  await gotoHydrated(page, "/seller/settings");
  await page.getByRole("link", { name: "Couriers and routing rules" }).click();
  await expect(page).toHaveURL(/\/seller\/settings\/couriers$/);
  await expect(page.getByRole("heading", { name: "Couriers", exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }),
  ).toHaveAttribute("aria-current", "page");

  const add = page.getByRole("form", { name: "Add Courier" });
  await expect(page.getByRole("heading", { name: "Add Courier" })).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Tracking link" })).toHaveAttribute(
    "placeholder",
    "https://www.tcsexpress.com/track/{tracking}",
  );
  await add.getByRole("combobox", { name: "Courier name" }).fill("TCS");
  await add.getByRole("textbox", { name: "Tracking link" }).fill("https://www.tcsexpress.com/track/{tracking}");
  await add.getByRole("textbox", { name: "Account or shipper code" }).fill("KHI-0042");
  await add.getByRole("textbox", { name: "Weight bands" }).fill("500 = 180\n1000 = 230");
  await add.getByRole("textbox", { name: "Each extra kg (PKR)" }).fill("100");
  await add.getByRole("textbox", { name: "COD fee (%)" }).fill("1.5");
  await add.getByRole("textbox", { name: "Surcharge (%)" }).fill("10");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(toast(page, "Courier saved")).toBeVisible();

  const tcs = courierCard(page, "TCS");
  await expect(tcs).toContainText(
    "up to 500 g Rs 180, up to 1 kg Rs 230, each extra kg Rs 100; COD fee 1.5 %; surcharge 10 %",
  );
  await expect(tcs).toContainText("https://www.tcsexpress.com/track/{tracking}");
  await expect(tcs).toContainText("KHI-0042");
  await expect(tcs).toContainText("Active");
  // The add form is empty again for the next courier.
  await expect(add.getByRole("combobox", { name: "Courier name" })).toHaveValue("");

  // Edit: the same form, prefilled; the booking layout is TCS's own.
  await tcs.getByRole("link", { name: "Edit TCS" }).click();
  const edit = page.getByRole("form", { name: "Edit Courier: TCS" });
  await expect(edit.getByRole("combobox", { name: "Courier name" })).toHaveValue("TCS");
  await expect(edit.getByRole("textbox", { name: "Weight bands" })).toHaveValue("500 = 180\n1000 = 230");
  await expect(edit.getByRole("textbox", { name: "Booking file columns" })).toHaveValue(
    /^Reference No = orderNumber\n/,
  );
  await edit.getByRole("textbox", { name: "Weight bands" }).fill("500 = 200\n1000 = 250");
  await edit.getByRole("textbox", { name: "Surcharge (%)" }).fill("0");
  await edit.getByRole("button", { name: "Save Courier" }).click();
  await expect(toast(page, "Courier saved")).toBeVisible();
  await expect(courierCard(page, "TCS")).toContainText(
    "up to 500 g Rs 200, up to 1 kg Rs 250, each extra kg Rs 100; COD fee 1.5 %; no surcharge",
  );
  await expect(page.getByRole("form", { name: "Add Courier" })).toBeVisible();

  // A routing rule by destination city.
  await expect(page.getByRole("heading", { name: "Routing rules" })).toBeVisible();
  const rule = page.getByRole("form", { name: "Add a rule" });
  await rule.getByRole("combobox", { name: "When" }).selectOption({ label: "Destination city" });
  await rule.getByRole("combobox", { name: "City" }).fill("lahore");
  await rule.getByRole("combobox", { name: "Courier", exact: true }).selectOption({ label: "TCS" });
  await rule.getByRole("button", { name: "Add rule" }).click();
  await expect(toast(page, "Rule added")).toBeVisible();
  await expect(ruleTexts(page)).toHaveText(["1. Orders to Lahore: TCS"]);

  // A refused courier form: messages beside the fields, an alert above, and every value as typed.
  await add.getByRole("combobox", { name: "Courier name" }).fill("Own rider");
  await add.getByRole("textbox", { name: "Tracking link" }).fill("rider.pk/track");
  await add.getByRole("textbox", { name: "Weight bands" }).fill("1000 = 200\n500 = 150");
  await add.getByRole("textbox", { name: "COD fee (%)" }).fill("lots");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(add.getByRole("alert")).toHaveText("Nothing was saved: please correct the fields marked below.");
  const bands = add.getByRole("textbox", { name: "Weight bands" });
  await expect(bands).toHaveAccessibleDescription(/Line 2: list the bands lightest first/);
  await expect(bands).toHaveValue("1000 = 200\n500 = 150");
  await expect(add.getByRole("combobox", { name: "Courier name" })).toHaveValue("Own rider");
  await expect(add.getByRole("textbox", { name: "Tracking link" })).toHaveValue("rider.pk/track");
  await expect(add.getByRole("textbox", { name: "COD fee (%)" })).toHaveValue("lots");
  await expect(add.getByRole("textbox", { name: "COD fee (%)" })).toHaveAccessibleDescription(
    /Enter the COD fee as a percentage/,
  );
  await expect(courierCard(page, "Own rider")).toHaveCount(0);

  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("on a laptop without JavaScript, refused rule and courier forms keep their values, and a courier is switched off", async ({
  browser,
}) => {
  test.slow();
  const page = await ownerOn(browser, LAPTOP, false);
  await page.goto("/seller/settings/couriers");

  const add = page.getByRole("form", { name: "Add Courier" });
  await add.getByRole("combobox", { name: "Courier name" }).fill("Leopards");
  await add.getByRole("textbox", { name: "Weight bands" }).fill("500 = 170");
  await add.getByRole("textbox", { name: "Each extra kg (PKR)" }).fill("90");
  await add.getByRole("textbox", { name: "COD fee (%)" }).fill("1");
  await add.getByRole("textbox", { name: "Booking file columns" }).fill("Name = consigneeName");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(add.getByRole("alert")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Booking file columns" })).toHaveValue("Name = consigneeName");
  await expect(add.getByRole("textbox", { name: "Booking file columns" })).toHaveAccessibleDescription(/order number/);
  await expect(add.getByRole("combobox", { name: "Courier name" })).toHaveValue("Leopards");
  await add.getByRole("textbox", { name: "Booking file columns" }).fill("");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(toast(page, "Courier saved")).toBeVisible();
  await expect(courierCard(page, "Leopards")).toContainText(
    "up to 500 g Rs 170, each extra kg Rs 90; COD fee 1 %; no surcharge",
  );

  // A city rule without a city, and a total rule without whole rupees.
  const rule = page.getByRole("form", { name: "Add a rule" });
  await rule.getByRole("combobox", { name: "When" }).selectOption({ label: "Destination city" });
  await rule.getByRole("combobox", { name: "Courier", exact: true }).selectOption({ label: "Leopards" });
  await rule.getByRole("button", { name: "Add rule" }).click();
  await expect(rule.getByRole("combobox", { name: "City" })).toHaveAccessibleDescription(
    /Enter the destination city, e\.g\. Karachi/,
  );
  await expect(rule.getByRole("combobox", { name: "Courier", exact: true })).toHaveValue(/^\d+$/);
  await rule.getByRole("combobox", { name: "When" }).selectOption({ label: "Order total above (PKR)" });
  await rule.getByRole("textbox", { name: "Amount (PKR)" }).fill("9999.50");
  await rule.getByRole("button", { name: "Add rule" }).click();
  await expect(rule.getByRole("textbox", { name: "Amount (PKR)" })).toHaveValue("9999.50");
  await expect(rule.getByRole("textbox", { name: "Amount (PKR)" })).toHaveAccessibleDescription(
    /Enter the order total in whole rupees/,
  );
  await expect(rule.getByRole("combobox", { name: "When" })).toHaveValue("total-above");
  await rule.getByRole("textbox", { name: "Amount (PKR)" }).fill("Rs 20,000");
  await rule.getByRole("button", { name: "Add rule" }).click();
  await expect(toast(page, "Rule added")).toBeVisible();
  await expect(ruleTexts(page).last()).toHaveText(/^\d+\. Orders above Rs 20,000: Leopards$/);

  // Switched off: marked so, and no longer offered for new rules.
  await courierCard(page, "Leopards").getByRole("button", { name: "Switch off Leopards" }).click();
  await expect(toast(page, "Leopards switched off: booking no longer offers it")).toBeVisible();
  await expect(courierCard(page, "Leopards")).toContainText("Switched off");
  await expect(ruleTexts(page).last()).toContainText("Leopards (switched off)");
  await expect(
    rule.getByRole("combobox", { name: "Courier", exact: true }).getByRole("option", { name: "Leopards" }),
  ).toHaveCount(0);
  await courierCard(page, "Leopards").getByRole("button", { name: "Switch on Leopards" }).click();
  await expect(courierCard(page, "Leopards")).toContainText("Active");
  await page.context().close();
});

test("a courier's settings are checked in the browser with the action's own schema, before anything is sent", async ({
  browser,
}) => {
  const page = await ownerOn(browser, LAPTOP);
  await gotoHydrated(page, "/seller/settings/couriers");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const add = page.getByRole("form", { name: "Add Courier" });
  const bands = add.getByRole("textbox", { name: "Weight bands" });
  await add.getByRole("combobox", { name: "Courier name" }).fill("Swift rider");
  await bands.fill("1000 = 200\n500 = 150");
  await bands.blur();
  await expect(bands).toHaveAccessibleDescription(/Line 2: list the bands lightest first/);
  await add.getByRole("textbox", { name: "COD fee (%)" }).fill("lots");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(add.getByRole("alert")).toHaveText("Nothing was saved: please correct the fields marked below.");
  await expect(add.getByRole("textbox", { name: "COD fee (%)" })).toHaveAccessibleDescription(
    /Enter the COD fee as a percentage/,
  );
  await expect(bands).toBeFocused();
  expect(posts, "a refused form is not sent").toEqual([]);

  // The "add a rule" form too: a city rule needs its city.
  const rule = page.getByRole("form", { name: "Add a rule" });
  await rule.getByRole("combobox", { name: "When" }).selectOption({ label: "Destination city" });
  await rule.getByRole("combobox", { name: "Courier", exact: true }).selectOption({ label: "Hold for a call" });
  await rule.getByRole("button", { name: "Add rule" }).click();
  await expect(rule.getByRole("combobox", { name: "City" })).toHaveAccessibleDescription(
    /Enter the destination city, e\.g\. Karachi/,
  );
  expect(posts).toEqual([]);

  // Corrected, the messages go as it is typed, and the save reaches the server.
  await bands.fill("500 = 150\n1000 = 200");
  await expect(bands).not.toHaveAttribute("aria-invalid");
  await add.getByRole("textbox", { name: "COD fee (%)" }).fill("1");
  await add.getByRole("button", { name: "Add Courier" }).click();
  await expect(toast(page, "Courier saved")).toBeVisible();
  expect(posts).toHaveLength(1);
  await page.context().close();
});
