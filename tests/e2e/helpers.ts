import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Runs axe on the current page and fails on any "serious" or "critical" violation. */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ").trim()}`),
  );
  expect(report, `axe found serious/critical violations on ${page.url()}`).toEqual([]);
}

/** Product cards in the catalogue / featured grids. */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole("article");
}

/** Names of the product cards in document order. */
export async function cardNames(page: Page): Promise<string[]> {
  return (await productCards(page).getByRole("heading", { level: 3 }).allInnerTexts()).map((s) => s.trim());
}

/** Parses "Rs 1,299" (the first price in a card: the selling price) into a number. */
export function parseRupees(text: string): number {
  const match = text.match(/Rs\s*([\d,]+)/);
  if (!match) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** Selling prices of the cards in document order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).allInnerTexts();
  return texts.map(parseRupees);
}

/** The "Showing N products" status line. */
export function resultCount(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /Showing \d+ products?|Updating/ });
}

/** A catalogue card by product name. */
export function card(page: Page, name: string): Locator {
  return productCards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Waits until the client-side app has hydrated, so handlers react to clicks and typing. */
export async function waitForHydration(page: Page) {
  // React tags every DOM node it has hydrated with a "__reactProps$..." key.
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((k) => k.startsWith("__reactProps")));
  });
}

/** Waits until React Router has no navigation or revalidation in flight (so the URL is final). */
export async function waitForRouterIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__reactRouterDataRouter;
    return Boolean(router && router.state.navigation.state === "idle" && router.state.revalidation === "idle");
  });
}

/** Navigates and waits for hydration. Returns the main document response. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** A control by name that may be a link or a button (SPEC.md calls both "buttons"). */
export function linkOrButton(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("link", { name, exact: true }).or(scope.getByRole("button", { name, exact: true }));
}

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
