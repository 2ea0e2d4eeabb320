import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  waitForRouterIdle,
  keepShot,
} from "./helpers";
import { expectValidHtml } from "./html-check";

/**
 * The buyer's side of returns (issue 30): on a delivered order within the return window, Return or
 * exchange on the order page; the form (items, exchange for another size, the reason, up to 3
 * photos) refuses a 4th photo and what is missing beside its field, keeps what was typed, and sends
 * the request; the order page then shows it Requested. Without JavaScript too. A closed window
 * shows no link. At 390 px (the default device) and at 1280 px.
 */

// A product no other spec counts: its Black M is bought and exchanged for Black L.
const PRODUCT = { id: "pleated-formal-trousers", name: "Pleated Formal Trousers" };
const SHOTS = "test-results/returns-buyer";

const photo = async (name: string, color: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 320, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

/** A new buyer's order of the trousers, moved by the owner to delivered through the API as the shop does it. */
async function deliveredOrder(buyer: Page, owner: Page, tag: string) {
  await createAccount(buyer, newAccount(tag, "Sana Malik"));
  const placed = await placeOrderByApi(buyer, [{ productId: PRODUCT.id, color: "Black", size: "M", quantity: 1 }]);
  for (const status of ["confirmed", "processing", "shipped", "delivered"]) {
    const res = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return placed;
}

async function newPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  return (await browser.newContext(options)).newPage();
}

/** The page has no sideways scrolling, and a full-page picture of it is kept for a look. */
async function fitsAndShoot(page: Page, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name} scrolls sideways`,
  ).toBe(true);
  await keepShot(page, { path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function exchangeMForL(page: Page, browser: Browser) {
  const owner = await newPage(browser);
  await signInAsOwner(owner);
  const { orderId, orderNumber } = await deliveredOrder(page, owner, "returns-exchange");

  await gotoHydrated(page, `/orders/${orderId}`);
  const offer = page.getByTestId("return-offer");
  await expect(offer.getByRole("link", { name: "Return or exchange" })).toHaveAttribute(
    "href",
    `/orders/${orderId}/return`,
  );
  await expect(offer).toContainText(/You can return or exchange items until \d{1,2} \w+ \d{4}/);
  await expectNoSeriousA11yViolations(page);
  await fitsAndShoot(page, "order-delivered");

  await offer.getByRole("link", { name: "Return or exchange" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/return$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Return or exchange");
  await expect(page.getByText(`Order ${orderNumber}`, { exact: true })).toBeVisible();
  await waitForRouterIdle(page);
  await expectValidHtml(page.request, `/orders/${orderId}/return`);
  await expectNoSeriousA11yViolations(page);
  await fitsAndShoot(page, "return-form");

  const form = page.getByRole("form", { name: "Return or exchange" });
  const line = form.getByRole("group", { name: new RegExp(`^${PRODUCT.name}`) });
  await line.getByRole("combobox", { name: "How many" }).selectOption("1");
  // Choosing the new size picks Exchange for it.
  await line
    .getByRole("combobox", { name: `New colour and size for ${PRODUCT.name}` })
    .selectOption({ label: "Black / L" });
  await expect(line.getByRole("radio", { name: "Exchange for" })).toBeChecked();
  await form
    .getByRole("group", { name: "Why are you sending it back?" })
    .getByRole("radio", { name: "Wrong size" })
    .check();

  // A 4th photo is refused beside the field, before anything is sent.
  const photos = form.getByLabel("Photos (optional, up to 3)");
  await photos.setInputFiles([
    await photo("1.png", "#334155"),
    await photo("2.png", "#64748b"),
    await photo("3.png", "#94a3b8"),
    await photo("4.png", "#cbd5e1"),
  ]);
  await expect(photos).toHaveAccessibleDescription(/^Please attach at most 3 photos/);
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/return$`));
  await expect(photos).toBeFocused();

  await photos.setInputFiles([await photo("fit.png", "#1f2937")]);
  await expect(photos).not.toHaveAccessibleDescription(/at most 3/);
  await form.getByRole("button", { name: "Send request" }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(toast(page, /^Return request RT-\d{6} sent/)).toBeVisible();
  const returnNumber = ((
    await toast(page, /^Return request RT-\d{6} sent/)
      .first()
      .innerText()
  ).match(/RT-\d{6}/) ?? [""])[0];
  const request = page.getByTestId("return-request").filter({ has: page.getByRole("heading", { name: returnNumber }) });
  await expect(request.getByTestId("return-state")).toHaveText("Requested");
  await expect(request).toContainText(`1 x ${PRODUCT.name} (Black / M): exchange for Black / L`);
  await expect(request).toContainText("Reason: Wrong size");
  await expect(request.getByTestId("return-history")).toContainText("Requested");
  // Its one item is in a request now: nothing is left to offer.
  await expect(page.getByRole("link", { name: "Return or exchange" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectValidHtml(page.request, `/orders/${orderId}`);
  await fitsAndShoot(page, "order-requested");

  // The owner's view of the order shows the same request, with the way to its page in Returns.
  await gotoHydrated(owner, `/orders/${orderId}`);
  const owners = owner
    .getByTestId("return-request")
    .filter({ has: owner.getByRole("heading", { name: returnNumber }) });
  await expect(owners.getByTestId("return-state")).toHaveText("Requested");
  await expect(owners.getByRole("link", { name: `Open ${returnNumber}` })).toHaveAttribute(
    "href",
    /^\/seller\/returns\/[0-9a-f-]{36}$/,
  );
  await expect(owner.getByRole("link", { name: "Return or exchange" })).toHaveCount(0);
  await owner.context().close();
}

test.describe("a buyer's return on a phone (390 px)", () => {
  test("exchange M for L with a photo: a 4th photo refused, then Requested on the order page", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await exchangeMForL(page, browser);
  });
});

test.describe("a buyer's return at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test("exchange M for L with a photo, then Requested on the order page", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await exchangeMForL(page, browser);
  });

  test("without JavaScript: refused beside the fields with everything typed kept and the photos asked for again, then sent", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await newPage(browser);
    await signInAsOwner(owner);
    const page = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const { orderId } = await deliveredOrder(page, owner, "returns-nojs");

    await page.goto(`/orders/${orderId}`);
    await page.getByRole("link", { name: "Return or exchange" }).click();
    const form = page.getByRole("form", { name: "Return or exchange" });
    const line = form.getByRole("group", { name: new RegExp(`^${PRODUCT.name}`) });
    await line.getByRole("combobox", { name: "How many" }).selectOption("1");
    // Exchange chosen, but no size; Other with no words; a photo attached.
    await line.getByRole("radio", { name: "Exchange for" }).check();
    await form.getByRole("radio", { name: "Other" }).check();
    await form.getByLabel("Photos (optional, up to 3)").setInputFiles([await photo("tear.png", "#7c2d12")]);
    await form.getByRole("button", { name: "Send request" }).click();

    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/return$`));
    await expect(line).toHaveAccessibleDescription("Please choose the size or colour you want instead");
    await expect(form.getByLabel("Tell us more (needed for Other)")).toHaveAccessibleDescription(
      "Please tell us what is wrong",
    );
    await expect(line.getByRole("combobox", { name: "How many" })).toHaveValue("1");
    await expect(line.getByRole("radio", { name: "Exchange for" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "Other" })).toBeChecked();
    await expect(form.getByLabel("Photos (optional, up to 3)")).toHaveAccessibleDescription(
      /^Choose your photos again/,
    );

    await line
      .getByRole("combobox", { name: `New colour and size for ${PRODUCT.name}` })
      .selectOption({ label: "Black / L" });
    await form.getByLabel("Tell us more (needed for Other)").fill("The waist runs small");
    await form.getByLabel("Photos (optional, up to 3)").setInputFiles([await photo("tear.png", "#7c2d12")]);
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(toast(page, /^Return request RT-\d{6} sent/)).toBeVisible();
    const request = page.getByTestId("return-request");
    await expect(request.getByTestId("return-state")).toHaveText("Requested");
    await expect(request).toContainText("Reason: Other: The waist runs small");

    const api = await page.request.get(`/api/orders/${orderId}`);
    const returns = (await api.json()).data.returns;
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({
      status: "requested",
      reason: "other",
      reasonText: "The waist runs small",
      items: [{ kind: "exchange", exchangeSize: "L" }],
    });
    expect(returns[0].photos).toHaveLength(1);
    await page.context().close();
    await owner.context().close();
  });

  test("the form is checked in the browser with the action's own schema, before any POST: the server's messages beside the same lines", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await newPage(browser);
    await signInAsOwner(owner);
    const { orderId } = await deliveredOrder(page, owner, "returns-browser-check");
    await gotoHydrated(page, `/orders/${orderId}/return`);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const form = page.getByRole("form", { name: "Return or exchange" });
    const line = form.getByRole("group", { name: new RegExp(`^${PRODUCT.name}`) });
    const reasons = form.getByRole("group", { name: "Why are you sending it back?" });
    const send = form.getByRole("button", { name: "Send request" });

    // No item chosen and no reason: the words above the form, the items' message above the lines
    // (a rule of the whole request, no field of its own) and the reason's beside it; nothing is sent.
    await send.click();
    await expect(form.getByText("Please check the highlighted fields")).toBeVisible();
    await expect(form.getByText("Please choose at least one item")).toBeVisible();
    await expect(reasons).toHaveAccessibleDescription("Please choose a reason");
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/return$`));
    expect(posts, "a refused form is not sent").toEqual([]);

    // An exchange with no size (a message about the item, beside its line) and Other with no words.
    await line.getByRole("combobox", { name: "How many" }).selectOption("1");
    await line.getByRole("radio", { name: "Exchange for" }).check();
    await reasons.getByRole("radio", { name: "Other" }).check();
    await send.click();
    await expect(line).toHaveAccessibleDescription("Please choose the size or colour you want instead");
    await expect(line.getByRole("combobox", { name: "How many" })).toBeFocused();
    await expect(form.getByLabel("Tell us more (needed for Other)")).toHaveAccessibleDescription(
      "Please tell us what is wrong",
    );
    await expect(form.getByText("Please choose at least one item")).toHaveCount(0);
    await expect(reasons).not.toHaveAccessibleDescription("Please choose a reason");
    await expect(form.getByText("Please check the highlighted fields")).toBeVisible();
    expect(posts, "a refused form is not sent").toEqual([]);

    // Corrected, the request goes with one POST.
    await line
      .getByRole("combobox", { name: `New colour and size for ${PRODUCT.name}` })
      .selectOption({ label: "Black / L" });
    await form.getByLabel("Tell us more (needed for Other)").fill("The waist runs small");
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(toast(page, /^Return request RT-\d{6} sent/)).toBeVisible();
    expect(posts.filter((url) => url.includes(`/orders/${orderId}/return`))).toHaveLength(1);
    await owner.context().close();
  });

  test("a closed return window: no Return or exchange on the order page, and the form page says why", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAsOwner(owner);
    const { orderId } = await deliveredOrder(page, owner, "returns-closed");
    const setWindow = async (days: string) => {
      await gotoHydrated(owner, "/seller/settings");
      const settings = owner.getByRole("form", { name: "Settings" });
      await settings.getByRole("textbox", { name: "Return window (days after delivery)" }).fill(days);
      await settings.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(owner, "Settings saved. The shop shows them now.")).toBeVisible();
    };
    await setWindow("0");
    try {
      await gotoHydrated(page, `/orders/${orderId}`);
      await expect(page.getByTestId("order-status")).toHaveText("Delivered");
      await expect(page.getByRole("link", { name: "Return or exchange" })).toHaveCount(0);
      await expect(page.getByText(/You can return or exchange/)).toHaveCount(0);
      await gotoHydrated(page, `/orders/${orderId}/return`);
      await expect(page.getByTestId("return-refusal")).toContainText("its return window has closed");
      await expect(page.getByRole("form", { name: "Return or exchange" })).toHaveCount(0);
      const refused = await page.request.post(`/api/orders/${orderId}/returns`, {
        data: { items: [{ orderItemId: 1, quantity: 1, kind: "return" }], reason: "defective" },
      });
      expect(refused.status()).toBe(409);
    } finally {
      await setWindow("7");
    }
    await owner.context().close();
  });
});
