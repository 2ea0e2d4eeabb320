import { expect, test, type Page } from "@playwright/test";
import { createAccount, gotoHydrated, newAccount } from "./helpers";

/**
 * A first visit gets the stylesheet inside the page (no extra round trip before the first paint);
 * the sign-in page prefetches the built file; a signed-in shopper's pages link that cached file
 * instead of carrying it again. Either way the page is styled, hydrates without an error and keeps
 * its styles through client navigation.
 */
async function stylesheetOf(page: Page) {
  return page.evaluate(() => {
    const element = document.getElementById("app-css");
    const prefetch = document.querySelector<HTMLLinkElement>('link[rel="prefetch"][as="style"]');
    const header = document.querySelector("header");
    return {
      tag: element?.tagName ?? null,
      inlineLength: element?.tagName === "STYLE" ? (element.textContent?.length ?? 0) : 0,
      href: element?.getAttribute("href") ?? null,
      prefetch: prefetch?.getAttribute("href") ?? null,
      // Tailwind's reset and the header's classes applied: a white sticky header.
      headerPosition: header ? getComputedStyle(header).position : null,
      bodyMargin: getComputedStyle(document.body).margin,
    };
  });
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a guest's page carries the stylesheet; a signed-in shopper's links the cached file and stays styled", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await gotoHydrated(page, "/products");
  const guest = await stylesheetOf(page);
  expect(guest).toMatchObject({ tag: "STYLE", href: null, prefetch: null, bodyMargin: "0px" });
  expect(guest.inlineLength).toBeGreaterThan(20_000);

  await gotoHydrated(page, "/auth");
  const signIn = await stylesheetOf(page);
  expect(signIn.tag).toBe("STYLE");
  expect(signIn.prefetch).toMatch(/^\/assets\/app-[\w-]+\.css$/);

  await createAccount(page, newAccount("css", "Hina Styles"));
  const stylesheet = page.waitForResponse((response) => response.url().endsWith(signIn.prefetch!));
  await gotoHydrated(page, "/products");
  const signedIn = await stylesheetOf(page);
  expect(signedIn).toMatchObject({
    tag: "LINK",
    href: signIn.prefetch,
    inlineLength: 0,
    bodyMargin: "0px",
    headerPosition: guest.headerPosition,
  });
  const response = await stylesheet;
  expect(response.headers()["cache-control"]).toContain("immutable");

  // A client navigation re-renders the document: the link stays, and so do the styles.
  await page.getByRole("link", { name: "Cart" }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await stylesheetOf(page)).toMatchObject({ tag: "LINK", href: signIn.prefetch, bodyMargin: "0px" });
  expect(errors).toEqual([]);
});
