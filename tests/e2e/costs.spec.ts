import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner, toast, keepShot } from "./helpers";
import { expectValidHtml } from "./html-check";
import { readSettingsForm, saveSettings } from "./overview-helpers";
import { createProductByApi, inventoryCard } from "./products-helpers";

/**
 * Costs and low stock (issue 31): the owner sets a product's cost and a colour and size's own cost
 * in the product form, imports a cost file (preview, a refused row, Apply), sets a low-stock alert
 * and sees the Low stock mark in Products, and saves the new Settings fields. Each test uses a
 * product of its own; Settings are put back.
 */

const unique = (name: string) => `${name} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
const skuOf = (id: string, color: string, size: string) => `${id}-${color.slice(0, 3)}-${size}`.toUpperCase();

/** Products this file made, deleted after each test: other specs list the shop's newest tees (collections, cards). */
const made: { page: Page; id: string }[] = [];

async function ownProduct(page: Page, name: string): Promise<string> {
  await signInAsOwner(page);
  const id = await createProductByApi(page.request, { name, stock: 6, colors: ["Black"], sizes: ["M", "L"] });
  made.push({ page, id });
  return id;
}

test.afterEach(async () => {
  for (const { page, id } of made.splice(0)) {
    const res = await page.request.delete(`/api/products/${id}`);
    expect(res.ok(), `deleting ${id}: ${res.status()}`).toBe(true);
  }
});

function costCsv(rows: string[][]) {
  return {
    name: "costs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")).join("\r\n") +
        "\r\n",
    ),
  };
}

async function setsCostsAndLowStockInTheForm(page: Page, width: number) {
  const name = unique("Cost Tee");
  const id = await ownProduct(page, name);
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await page.getByLabel("Cost price (PKR)").fill("-3");
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Cost price must be a whole number of rupees, 0 or more, or empty")).toBeVisible();
  await expect(page.getByLabel("Cost price (PKR)")).toHaveValue("-3");

  await page.getByLabel("Cost price (PKR)").fill("650");
  await page.getByText("Cost per colour and size (optional)").click();
  await page.getByLabel("Black L cost (PKR)").fill("700");
  await page.getByLabel("Low-stock alert at (units)").fill("4");
  await page.getByLabel("Black M stock").fill("3");
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, { path: `test-results/costs-form-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();

  // The owner's API carries the costs; the shop's public product JSON never does.
  const patched = await page.request.patch(`/api/products/${id}`, { data: {} });
  expect(patched.status(), await patched.text()).toBe(200);
  const owner = (await patched.json()) as {
    data: {
      costPrice: number;
      lowStockThreshold: number;
      variants: { color: string; size: string; costPrice: number | null }[];
    };
  };
  expect(owner.data).toMatchObject({ costPrice: 650, lowStockThreshold: 4 });
  expect(owner.data.variants).toContainEqual(expect.objectContaining({ color: "Black", size: "L", costPrice: 700 }));
  const publicJson = await (await page.request.get(`/api/products/${id}`)).text();
  expect(publicJson).not.toContain("costPrice");
  expect(publicJson).not.toContain("650");
  const productPage = await (await page.request.get(`/product/${id}`)).text();
  expect(productPage).not.toContain("costPrice");
  expect(productPage).not.toContain("lowStockThreshold");

  await gotoHydrated(page, `/seller/products?q=${encodeURIComponent(name)}`);
  const card = inventoryCard(page, name);
  await expect(card.getByText("Cost:")).toContainText("Rs 650");
  await expect(card.getByText("Margin:")).toContainText("67%");
  const low = card.getByTestId("low-stock");
  await expect(low).toContainText("Low stock");
  await expect(low).toContainText("alert at 4 or fewer");
  await expect(low).toContainText("Black / M: 3 left");
  await expect(low).not.toContainText("Black / L");

  // The filter keeps only products with something low, and this one is among them.
  await page.getByRole("link", { name: /^Low stock only/ }).click();
  await expect(page).toHaveURL(/low=1/);
  await expect(inventoryCard(page, name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, { path: `test-results/costs-inventory-${width}.png`, fullPage: true });
  await expectValidHtml(page.request, `/seller/products?low=1&q=${encodeURIComponent(name)}`);
  await expectValidHtml(page.request, `/seller/products/${id}/edit`);

  // Back in the form: the values are there.
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await expect(page.getByLabel("Cost price (PKR)")).toHaveValue("650");
  await expect(page.getByLabel("Black L cost (PKR)")).toHaveValue("700");
  await expect(page.getByLabel("Black M cost (PKR)")).toHaveValue("");
  await expect(page.getByLabel("Low-stock alert at (units)")).toHaveValue("4");
}

async function importsACostFile(page: Page, width: number) {
  const name = unique("Import Tee");
  const id = await ownProduct(page, name);
  await gotoHydrated(page, "/seller/products");
  await page.getByRole("link", { name: "Import costs" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Import costs" })).toBeVisible();

  // No file: the reason beside the field.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText("Choose a CSV or Excel file with a product or SKU column and a cost column"),
  ).toBeVisible();

  await page.getByLabel("Cost file (CSV or Excel)").setInputFiles(
    costCsv([
      ["Product", "SKU", "Cost"],
      [name, "", "800"],
      ["", skuOf(id, "Black", "L"), "850"],
      ["No Such Product Anywhere", "", "100"],
    ]),
  );
  await page.getByRole("button", { name: "Preview" }).click();
  const table = page.getByRole("table", { name: "Rows of the cost file" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "will change" })).toHaveText(
    "2 will change · 0 unchanged · 1 refused",
  );
  const row = (n: number) =>
    table.getByRole("row").filter({ has: page.getByRole("cell", { name: String(n), exact: true }) });
  await expect(row(2)).toContainText("None → Rs 800");
  await expect(row(3)).toContainText("Black / L");
  await expect(row(3)).toContainText("Product's → Rs 850");
  await expect(row(4)).toContainText('No product has the id or name "No Such Product Anywhere"');
  await expectNoSeriousA11yViolations(page);
  await keepShot(page, { path: `test-results/costs-import-${width}.png`, fullPage: true });

  await page.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(toast(page, "2 costs updated. 1 refused row was left out.")).toBeVisible();
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await expect(page.getByLabel("Cost price (PKR)")).toHaveValue("800");
  await expect(page.getByLabel("Black L cost (PKR)")).toHaveValue("850");
  await expectValidHtml(page.request, "/seller/products/costs");
}

test.describe("costs and low stock on a phone", () => {
  test("sets a product's and a variant's cost and a low-stock alert in the form, and sees them in Products", async ({
    page,
  }) => {
    await setsCostsAndLowStockInTheForm(page, 390);
  });

  test("imports a cost file: preview with a refused row, then Apply", async ({ page }) => {
    await importsACostFile(page, 390);
  });

  test("saves the low-stock and COD risk fields in Settings, with messages beside them", async ({ page }) => {
    await signInAsOwner(page);
    const original = await readSettingsForm(page);
    try {
      await gotoHydrated(page, "/seller/settings");
      await page.getByLabel("Flag customers whose delivery rate is below (%)").fill("140");
      await page.getByLabel("Risk tags").fill("Risky, fake orders\nrisky");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(
        page.getByText("Please enter a whole percentage from 1 to 100, or leave it empty to turn this off"),
      ).toBeVisible();
      await expect(page.getByLabel("Risk tags")).toHaveValue("Risky, fake orders\nrisky");

      await page.getByLabel("Flag customers whose delivery rate is below (%)").fill("60");
      await page.getByLabel("...after at least this many finished parcels").fill("3");
      await page.getByLabel("Low-stock alert at (units)").fill("5");
      await page.getByLabel("Send the daily low-stock e-mail").uncheck();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved. The shop shows them now.")).toBeVisible();
      await expect(page.getByLabel("Risk tags")).toHaveValue("Risky, fake orders");
      await expect(page.getByLabel("Flag customers whose delivery rate is below (%)")).toHaveValue("60");
      await expect(page.getByLabel("...after at least this many finished parcels")).toHaveValue("3");
      await expect(page.getByLabel("Low-stock alert at (units)")).toHaveValue("5");
      await expect(page.getByLabel("Send the daily low-stock e-mail")).not.toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, "/seller/settings");
    } finally {
      await saveSettings(page.request, new URL(page.url()).origin, original);
    }
    await gotoHydrated(page, "/seller/settings");
    await expect(page.getByLabel("Send the daily low-stock e-mail")).toBeChecked();
    await expect(page.getByLabel("Low-stock alert at (units)")).toHaveValue("3");
  });
});

test.describe("costs and low stock on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("sets costs and a low-stock alert in the form, and sees them in Products", async ({ page }) => {
    await setsCostsAndLowStockInTheForm(page, 1280);
  });

  test("imports a cost file", async ({ page }) => {
    await importsACostFile(page, 1280);
  });
});

test.describe("the cost import without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("previews and applies with plain form posts", async ({ page }) => {
    const name = unique("No-JS Tee");
    const id = await ownProduct(page, name);
    await page.goto("/seller/products/costs");
    await page.getByLabel("Cost file (CSV or Excel)").setInputFiles(
      costCsv([
        ["SKU", "Cost"],
        [skuOf(id, "Black", "M"), "610"],
        ["NOT-A-SKU", "5"],
      ]),
    );
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText('No colour and size has the SKU "NOT-A-SKU"')).toBeVisible();
    await page.getByRole("button", { name: "Apply 1 change" }).click();
    await expect(page).toHaveURL(/\/seller\/products$/);
    await page.goto(`/seller/products/${id}/edit`);
    await expect(page.getByLabel("Black M cost (PKR)")).toHaveValue("610");
  });
});
