import { devices, expect, test, type Page } from "@playwright/test";
import {
  addToCart,
  cartLine,
  createAccount,
  expectCartCount,
  gotoHydrated,
  newAccount,
  signInByApi,
  toast,
} from "./helpers";

/**
 * The cart stays in step across devices (issue 3): two browser contexts signed in as the same buyer;
 * what one does shows on the other's open /cart page and header badge within 2 seconds, without a
 * reload (server-sent events fed by Postgres LISTEN/NOTIFY).
 */

const POCKET_TEE = { id: "pocket-tee", name: "Everyday Pocket Tee" };
const CHINO_SHORTS = { id: "chino-shorts", name: "Chino Shorts" };
const LIVE = { timeout: 2_000 };

/** Opens a page and waits until its live event stream is connected. */
async function openLive(page: Page, url: string) {
  const connected = page.waitForResponse(
    (res) => new URL(res.url()).pathname === "/api/events" && res.status() === 200,
  );
  await gotoHydrated(page, url);
  await connected;
  await page.evaluate(() => ((window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true));
}

test("adding and removing on one device updates the other's cart page and badge within 2 seconds", async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await createAccount(page, newAccount("live"));
  const other = await browser.newContext({ ...devices["Pixel 5"], baseURL });
  try {
    await signInByApi(other, account.email, account.password);
    const phone = await other.newPage();
    await openLive(phone, "/cart");
    await expect(phone.getByText("Your cart is empty.")).toBeVisible();

    // Added on this device: it appears there.
    await addToCart(page, POCKET_TEE.id, { color: "Gray", size: "M" });
    await expect(cartLine(phone, POCKET_TEE.name)).toBeVisible(LIVE);
    await expect(cartLine(phone, POCKET_TEE.name).getByTestId("line-quantity")).toHaveText("1", LIVE);
    await expect(phone.getByTestId("cart-badge")).toHaveText("1", LIVE);

    await addToCart(page, CHINO_SHORTS.id, { color: "Green", size: "S", quantity: 2 });
    await expect(cartLine(phone, CHINO_SHORTS.name)).toBeVisible(LIVE);
    await expect(phone.getByTestId("cart-badge")).toHaveText("3", LIVE);

    // Quantity and Delete on this device's cart page.
    await gotoHydrated(page, "/cart");
    await cartLine(page, POCKET_TEE.name)
      .getByRole("button", { name: `Increase quantity of ${POCKET_TEE.name}` })
      .click();
    await expect(toast(page, `${POCKET_TEE.name} quantity updated!`)).toBeVisible();
    await expect(cartLine(phone, POCKET_TEE.name).getByTestId("line-quantity")).toHaveText("2", LIVE);
    await expect(phone.getByTestId("cart-badge")).toHaveText("4", LIVE);

    await cartLine(page, CHINO_SHORTS.name)
      .getByRole("button", { name: `Delete ${CHINO_SHORTS.name}` })
      .click();
    await expect(toast(page, "Item removed!")).toBeVisible();
    await expect(cartLine(phone, CHINO_SHORTS.name)).toHaveCount(0, LIVE);
    await expect(phone.getByTestId("cart-badge")).toHaveText("2", LIVE);

    // And the other way round: deleted on the phone, gone here.
    await cartLine(phone, POCKET_TEE.name)
      .getByRole("button", { name: `Delete ${POCKET_TEE.name}` })
      .click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible(LIVE);
    await expectCartCount(page, 0);

    expect(
      await phone.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload),
      "the other page must not reload",
    ).toBe(true);
  } finally {
    await other.close();
  }
});
