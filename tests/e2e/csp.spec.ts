import { expect, test, type Page } from "@playwright/test";
import { addToCartByApi, createAccount, gotoHydrated, newAccount, placeOrderByApi, signInAsOwner } from "./helpers";

/**
 * The Content-Security-Policy allows no inline script without the page's nonce (or, on a guest's
 * cached page, without one of the hashes its policy names). In Chromium every
 * page still hydrates with no violation (React Router's scripts, React's, the hydration loader and
 * the module script it makes all carry the nonce), and a script injected without it does not run.
 */
type Violation = { directive: string; blocked: string; sample: string };

async function watchCsp(page: Page): Promise<{ violations: () => Promise<Violation[]>; errors: string[] }> {
  // Init scripts are added by the browser's debugging protocol, outside the page's policy.
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content[- ]Security[- ]Policy|Refused to/i.test(message.text()))
      errors.push(message.text());
  });
  return { violations: () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp), errors };
}

/** `pinned`: a guest's page from the page cache names its inline scripts' hashes; a fresh render has a nonce. */
async function expectCleanPage(
  page: Page,
  watch: Awaited<ReturnType<typeof watchCsp>>,
  url: string,
  policy: "nonce" | "pinned" = "nonce",
) {
  const response = await gotoHydrated(page, url);
  const csp = response?.headers()["content-security-policy"] ?? "";
  if (policy === "nonce") expect(csp).toMatch(/script-src 'self' 'nonce-/);
  else expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
  if (policy === "pinned") expect(csp).not.toContain("nonce");
  // Hydrated means the module script ran: the loader's copy of it passed the same policy.
  expect(await watch.violations(), `CSP violations on ${url}`).toEqual([]);
  expect(watch.errors, `CSP errors in the console on ${url}`).toEqual([]);
}

test.describe("Content-Security-Policy in the browser", () => {
  test("guest pages, the cart, checkout and the owner's dashboard with its charts hydrate with no violation", async ({
    page,
    browser,
  }) => {
    const watch = await watchCsp(page);
    // Guests are served from the page cache: no nonce shared between them, the scripts' hashes instead.
    for (const url of ["/", "/products", "/product/pocket-tee", "/about"])
      await expectCleanPage(page, watch, url, "pinned");
    await expectCleanPage(page, watch, "/products", "pinned");
    // The contact page is never cached (its form carries a fresh token): a nonce of its own.
    await expectCleanPage(page, watch, "/contact");

    const account = await createAccount(page, newAccount("csp", "Sana CSP"));
    await addToCartByApi(page, { productId: "pocket-tee", color: "Gray", size: "M", quantity: 1 });
    await expectCleanPage(page, watch, "/cart");
    await expectCleanPage(page, watch, "/checkout");
    await placeOrderByApi(page, [{ productId: "pocket-tee", color: "Gray", size: "M", quantity: 1 }], {
      email: account.email,
    });
    await expectCleanPage(page, watch, "/buyer-dashboard");

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const ownerWatch = await watchCsp(owner);
    await signInAsOwner(owner);
    await expectCleanPage(owner, ownerWatch, "/seller-dashboard");
    for (const id of ["daily-chart", "top-products-chart", "cities-chart"])
      await expect(owner.getByTestId(id).locator("svg.recharts-surface")).toBeVisible();
    // Client-side navigation loads more modules under the same policy.
    await owner.getByRole("link", { name: "View All" }).click();
    await expect(owner).toHaveURL(/\/seller\/orders/);
    expect(await ownerWatch.violations()).toEqual([]);
    expect(ownerWatch.errors).toEqual([]);
    await ownerContext.close();
  });

  test("an injected inline script or event handler without the nonce does not run", async ({ page }) => {
    const watch = await watchCsp(page);
    await gotoHydrated(page, "/products");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = 'script ran'";
      document.body.appendChild(script);
      const holder = document.createElement("div");
      holder.innerHTML = '<img src="data:," onerror="window.__injected = \'handler ran\'">';
      document.body.appendChild(holder);
    });
    await expect.poll(async () => (await watch.violations()).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    expect((await watch.violations()).map((v) => v.directive)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^script-src/)]),
    );
  });
});
