import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

/**
 * First paint on a slow phone (docs/decisions/0016-first-paint.md): the page carries its own CSS,
 * the photo that is the largest paint loads before any JavaScript, and the app still hydrates
 * cleanly afterwards.
 */

/** Console errors and uncaught exceptions of a page (a hydration mismatch shows up as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Every request in the order it was sent, and the moment each one finished. */
function recordRequests(page: Page) {
  const sent: string[] = [];
  const finished = new Map<string, number>();
  page.on("request", (request) => sent.push(request.url()));
  page.on("requestfinished", (request) => finished.set(request.url(), sent.length));
  return { sent, finished };
}

for (const path of ["/", "/products", "/product/varsity-crew-sweatshirt"]) {
  test(`${path}: inline CSS, no module preloads, the priority photo before any script, then hydration`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { sent, finished } = recordRequests(page);

    const response = await page.goto(path);
    const html = await response!.text();
    expect(html).toContain('<style id="app-css">');
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).not.toContain('rel="modulepreload"');

    await waitForHydration(page);
    // The photo the page asks for first is drawn before the browser even asks for a script.
    const photo = page.locator('main img[fetchpriority="high"]').first();
    await expect(photo).toHaveAttribute("loading", "eager");
    const photoUrl = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
    const firstScript = sent.findIndex((url) => new URL(url).pathname.startsWith("/assets/") && url.endsWith(".js"));
    expect(firstScript, "a script loaded").toBeGreaterThan(-1);
    expect(
      finished.get(photoUrl),
      `${photoUrl} finished before ${sent[firstScript]} was requested`,
    ).toBeLessThanOrEqual(firstScript);
    // Styled by the inline sheet: the page frame is a flex column and the header's links are laid out.
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    expect(errors).toEqual([]);
  });
}

test("photos below the fold wait for the scroll; the largest one is asked for first", async ({ page }) => {
  await page.goto("/");
  // The hero is the only high-priority, eager image; category tiles and featured cards are lazy.
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  const lazy = page.locator('main img[loading="lazy"]');
  expect(await lazy.count()).toBeGreaterThan(4);
  // React preloads the hero with the same srcset and sizes as the <img>, so the preload is the download it uses.
  const hero = page.locator('main img[fetchpriority="high"]');
  const [srcset, sizes] = [await hero.getAttribute("srcset"), await hero.getAttribute("sizes")];
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute("imagesrcset")).toBe(srcset);
  expect(await preload.getAttribute("imagesizes")).toBe(sizes);

  await page.goto("/product/varsity-crew-sweatshirt");
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
  // The gallery's thumbnails are lazy.
  const thumbs = page.getByRole("region", { name: "Product images" }).getByRole("listitem").locator("img");
  for (const loading of await thumbs.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading"))))
    expect(loading).toBe("lazy");
});

test("the inline styles stay through client navigations", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/products");
  await waitForHydration(page);
  const before = await page.locator("#app-css").evaluate((style) => style.textContent?.length ?? 0);
  expect(before).toBeGreaterThan(10_000);
  await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("#app-css").evaluate((style) => style.textContent?.length ?? 0)).toBe(before);
  await expect(page.locator("body")).toHaveCSS("display", "flex");
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator("body")).toHaveCSS("display", "flex");
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("pages are styled and no script is fetched", async ({ page }) => {
    const { sent } = recordRequests(page);
    await page.goto("/products");
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    await expect(page.getByRole("article").first()).toBeVisible();
    expect(sent.filter((url) => url.endsWith(".js"))).toEqual([]);
  });
});
