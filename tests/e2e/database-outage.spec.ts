import { devices, expect, test } from "@playwright/test";
import { startServerProcess, waitFor, type ServerProcess } from "../factories/server-process";
import { hasPostgres, startPgCluster, type PgCluster } from "../setup/pg-cluster";
import {
  addToCart,
  cartItemsByApi,
  cartLine,
  checkoutForm,
  createAccount,
  expectShipping,
  fillShipping,
  gotoHydrated,
  newAccount,
  type ShippingDetails,
} from "./helpers";

/**
 * Place Order while PostgreSQL is down (issue 17): a shop of its own on a throwaway PostgreSQL
 * cluster, stopped as a crash would stop it between filling the checkout form and pressing Place
 * Order. The buyer reads 'Failed to place order. Please try again.' with the form and cart as they
 * were, and once the database is back the same button places the order.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

let pg: PgCluster | undefined;
let shop: ServerProcess | undefined;

test.beforeAll(async () => {
  // A first start on an empty database migrates and seeds the catalogue (about a minute on two cores).
  test.setTimeout(300_000);
  pg = await startPgCluster();
  shop = await startServerProcess(
    { DATABASE_URL: pg.url, WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" },
    { readyTimeoutMs: 280_000 },
  );
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await shop?.stop("SIGTERM", 10_000);
  try {
    pg?.stop();
  } catch {
    // Halted by a test that failed during the outage: its files are removed all the same.
  }
});

const SHIPPING: ShippingDetails = {
  fullName: "Zainab Raza",
  email: "zainab.raza@example.com",
  phone: "0312 4567890",
  city: "Islamabad",
  address: "House 21, Street 9, F-7/2",
};
const HENLEY = { id: "long-sleeve-henley", name: "Long Sleeve Henley" };

async function ready(url: string): Promise<boolean> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
  return res?.status === 200;
}

test("Place Order while the database is down: 'Failed to place order. Please try again.', nothing lost; once it is back the order is placed", async ({
  browser,
}) => {
  const context = await browser.newContext({ ...devices["Pixel 5"], baseURL: shop!.url });
  const page = await context.newPage();
  try {
    await createAccount(page, newAccount("outage"));
    await addToCart(page, HENLEY.id, { color: "Navy", size: "M", quantity: 2, name: HENLEY.name });
    await gotoHydrated(page, "/cart");
    await fillShipping(page, SHIPPING);

    pg!.halt();
    await waitFor(async () => !(await ready(shop!.url)), {
      timeoutMs: 15_000,
      what: "the shop to notice the database is down",
    });
    const placeOrder = checkoutForm(page).getByRole("button", { name: "Place Order" });
    await placeOrder.click();
    await expect(checkoutForm(page).getByRole("alert")).toHaveText("Failed to place order. Please try again.", {
      timeout: 20_000,
    });
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await expectShipping(page, SHIPPING);
    await expect(cartLine(page, HENLEY.name).getByTestId("line-quantity")).toHaveText("2");
    await expect(placeOrder).toBeEnabled();

    pg!.resume();
    await waitFor(() => ready(shop!.url), { timeoutMs: 60_000, what: "the shop to reach the database again" });
    expect(await cartItemsByApi(page)).toMatchObject([{ productId: HENLEY.id, color: "Navy", size: "M", quantity: 2 }]);
    await expectShipping(page, SHIPPING);
    await placeOrder.click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/, { timeout: 20_000 });
    await expect(page.getByTestId("order-items")).toContainText(`2 x ${HENLEY.name}`);
    expect(await cartItemsByApi(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
