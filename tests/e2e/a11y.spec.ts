import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated } from "./helpers";

/** axe (WCAG 2.1 A/AA + best practices) on every kind of page: no serious or critical violations. */
const PAGES: [string, string][] = [
  ["home", "/"],
  ["products", "/products"],
  ["products, list view", "/products?view=list"],
  ["empty coming-soon category", "/products?category=jackets&q=zzz"],
  ["product", "/product/essential-crew-neck-tee"],
  ["sold-out product", "/product/denim-work-shirt"],
  ["coming-soon product", "/product/quilted-bomber-jacket"],
  ["coming-soon page", "/coming-soon/jackets"],
  ["contact", "/contact"],
  ["about", "/about"],
  ["policy page", "/returns"],
  ["404", "/does-not-exist"],
];

for (const [name, path] of PAGES) {
  test(`${name} (${path}) has no serious accessibility violations`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test("contact form with errors has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
});

test("a required field is found by exactly its label; the red mark sits beside the label, not in its name", async ({
  page,
}) => {
  await gotoHydrated(page, "/contact");
  for (const label of ["Name", "Email", "Subject", "Message"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: label, exact: true })).toHaveAttribute("required", "");
  }
  await expect(page.locator("main label", { hasText: "*" })).toHaveCount(0);
});

test("the open sign-in dialog has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/product/essential-crew-neck-tee");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("dialog", { name: "Authentication Required" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the open phone menu has no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).filter({ visible: true }).getByRole("link", { name: "Products" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
