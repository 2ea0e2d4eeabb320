import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  checkoutForm,
  createAccount,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  variantStock,
} from "./helpers";
import { expectValidHtml } from "./html-check";

/**
 * Issue 30 from end to end, on the suite's own shop, once on a laptop and once on a phone: a buyer's
 * delivered order of a shirt and joggers; the shirt's M exchanged for an L; the owner approves, the
 * EX- replacement is booked (its label says to collect the old item), shipped and delivered; the M
 * comes back resellable and is in stock again. Then the joggers go back for store credit, which the
 * buyer spends at checkout.
 */

// Variants no other spec counts: the shirt's Green M and L, the joggers' Gray S.
const SHIRT = { id: "flannel-check-shirt", name: "Flannel Check Shirt", color: "Green" };
const JOGGERS = { id: "jogger-trousers", name: "Tech Jogger Trousers", color: "Gray", size: "S", price: 2799 };
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

test.describe.configure({ timeout: 300_000 });

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    isMobile: width < 768,
    hasTouch: width < 768,
  });
  return context.newPage();
}

async function moveOrder(owner: Page, orderId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await owner.request.patch(`/api/orders/${orderId}`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Opens a request from the owner's queue and answers its page. */
async function openRequest(owner: Page, returnNumber: string) {
  await gotoHydrated(owner, "/seller/returns?status=all");
  await owner.getByRole("link", { name: returnNumber, exact: true }).click();
  await expect(owner.getByRole("heading", { level: 2, name: new RegExp(`Return ${returnNumber}`) })).toBeVisible();
}

/** The buyer asks on the order page's form for one line; answers the RT- number from the toast. */
async function ask(
  buyer: Page,
  orderId: string,
  line: { name: string; exchangeTo?: string },
  reason: string,
): Promise<string> {
  await gotoHydrated(buyer, `/orders/${orderId}`);
  await buyer.getByTestId("return-offer").getByRole("link", { name: "Return or exchange" }).click();
  const form = buyer.getByRole("form", { name: "Return or exchange" });
  const box = form.getByRole("group", { name: new RegExp(`^${line.name}`) });
  await box.getByRole("combobox", { name: "How many" }).selectOption("1");
  if (line.exchangeTo)
    await box
      .getByRole("combobox", { name: `New colour and size for ${line.name}` })
      .selectOption({ label: line.exchangeTo });
  else await box.getByRole("radio", { name: "Return (money back)" }).check();
  await form.getByRole("group", { name: "Why are you sending it back?" }).getByRole("radio", { name: reason }).check();
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const sent = toast(buyer, /^Return request RT-\d{6} sent/).first();
  await expect(sent).toBeVisible();
  return ((await sent.innerText()).match(/RT-\d{6}/) ?? [""])[0];
}

for (const width of [1280, 390]) {
  test(`at ${width} px: an M exchanged for an L through a booked replacement, the M back in stock, then a return as store credit spent at checkout`, async ({
    browser,
  }) => {
    const buyer = await pageAt(browser, width);
    const owner = await pageAt(browser, width);
    await signInAsOwner(owner);
    await createAccount(buyer, newAccount(`returns-flow-${width}`, "Hina Baig"));

    // A courier to book the replacement with (added as Settings -> Couriers does).
    const courierName = `Returns Express ${width}-${Date.now().toString(36)}`;
    const courier = await owner.request.post("/api/seller/couriers", {
      data: {
        name: courierName,
        accountCode: "RX-1",
        weightBands: "1000 = 200",
        extraPerKg: "100",
        codFeePercent: "0",
        surchargePercent: "0",
        trackingUrl: "",
        bookingColumns: "",
      },
    });
    expect(courier.status(), await courier.text()).toBe(201);
    const courierId = (await courier.json()).data.id;

    // The buyer's order, delivered (delivery collects the cash).
    const order = await placeOrderByApi(buyer, [
      { productId: SHIRT.id, color: SHIRT.color, size: "M", quantity: 1 },
      { productId: JOGGERS.id, color: JOGGERS.color, size: JOGGERS.size, quantity: 1 },
    ]);
    await moveOrder(owner, order.orderId, "confirmed", "processing", "shipped", "delivered");

    // The account's order list offers it too, while the window is open.
    await gotoHydrated(buyer, "/buyer-dashboard");
    await expect(buyer.getByRole("link", { name: "Return or exchange" })).toHaveAttribute(
      "href",
      `/orders/${order.orderId}/return`,
    );

    // 1. The buyer asks to exchange the M for an L.
    const exchange = await ask(
      buyer,
      order.orderId,
      { name: SHIRT.name, exchangeTo: `${SHIRT.color} / L` },
      "Wrong size",
    );
    const request = buyer.getByTestId("return-request").filter({ has: buyer.getByRole("heading", { name: exchange }) });
    await expect(request.getByTestId("return-state")).toHaveText("Requested");

    // 2. The owner approves: the L leaves stock at once, in a replacement order at Rs 0.
    const lBefore = await variantStock(owner, SHIRT.id, SHIRT.color, "L");
    await openRequest(owner, exchange);
    await expectNoSeriousA11yViolations(owner);
    await owner.getByRole("button", { name: "Approve" }).click();
    await expect(
      toast(owner, new RegExp(`${exchange} approved: replacement EX-\\d{6} created, no cash to collect`)),
    ).toBeVisible();
    const replacementNumber = (await owner.getByTestId("replacement").getByRole("link").innerText()).trim();
    expect(replacementNumber).toMatch(/^EX-\d{6}$/);
    expect(await variantStock(owner, SHIRT.id, SHIRT.color, "L")).toBe(lBefore - 1);
    await owner.getByTestId("replacement").getByRole("link").click();
    await expect(owner).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const replacementId = new URL(owner.url()).pathname.split("/").pop()!;
    await expect(owner.getByText(`Exchange for ${order.orderNumber}`).first()).toBeVisible();

    // 3. The replacement is booked with the courier: its COD is Rs 0 and its label says to collect the M.
    await moveOrder(owner, replacementId, "confirmed");
    const booked = await owner.request.post("/api/shipments", { data: { orderIds: [replacementId], courierId } });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()).data;
    expect(booking.refused).toEqual([]);
    expect(booking.booked).toEqual([expect.objectContaining({ orderNumber: replacementNumber, codAmount: 0 })]);
    await gotoHydrated(owner, `/seller/shipping/labels?orderIds=${replacementId}`);
    const label = owner.getByRole("article", { name: `Label for order ${replacementNumber}` });
    await expect(label).toContainText(`EXCHANGE: collect the old item (${order.orderNumber})`);

    // 4. Shipped and delivered; the buyer follows it on the original order.
    await moveOrder(owner, replacementId, "processing", "shipped", "delivered");
    await gotoHydrated(buyer, `/orders/${order.orderId}`);
    await expect(request).toContainText(replacementNumber);

    // 5. The M comes back resellable: back in stock, and the exchange is done.
    const mBefore = await variantStock(owner, SHIRT.id, SHIRT.color, "M");
    await openRequest(owner, exchange);
    await owner
      .getByRole("group", { name: `1 x ${SHIRT.name} (${SHIRT.color} / M)` })
      .getByRole("radio", { name: "Resellable" })
      .check();
    await owner.getByRole("button", { name: "Mark as received" }).click();
    await expect(toast(owner, `${exchange} received: 1 resellable (back in stock)`)).toBeVisible();
    expect(await variantStock(owner, SHIRT.id, SHIRT.color, "M")).toBe(mBefore + 1);
    await expect(owner.getByTestId("return-status")).toHaveText("Done");

    // 6. The joggers go back for their money, as store credit.
    const joggers = await ask(buyer, order.orderId, { name: JOGGERS.name }, "Changed my mind");
    await openRequest(owner, joggers);
    await owner.getByRole("button", { name: "Approve" }).click();
    await expect(toast(owner, new RegExp(`${joggers} approved`))).toBeVisible();
    await owner
      .getByRole("group", { name: `1 x ${JOGGERS.name} (${JOGGERS.color} / ${JOGGERS.size})` })
      .getByRole("radio", { name: "Resellable" })
      .check();
    await owner.getByRole("button", { name: "Mark as received" }).click();
    await expect(toast(owner, new RegExp(`${joggers} received`))).toBeVisible();
    await expect(owner.getByRole("spinbutton", { name: "Amount (Rs)" })).toHaveValue(String(JOGGERS.price));
    await owner.getByRole("combobox", { name: "Method" }).selectOption({ label: "Store credit" });
    await owner.getByRole("button", { name: "Record refund" }).click();
    await expect(owner.getByTestId("return-status")).toHaveText("Done");
    await expect(owner.getByTestId("refund-left")).toHaveText(rs(0));

    // The buyer's order page says so, and the credit is in the account.
    await gotoHydrated(buyer, `/orders/${order.orderId}`);
    const refunded = buyer.getByTestId("return-request").filter({ has: buyer.getByRole("heading", { name: joggers }) });
    await expect(refunded).toContainText(rs(JOGGERS.price));
    await expectNoSeriousA11yViolations(buyer);
    await expectValidHtml(buyer.request, `/orders/${order.orderId}`);
    await gotoHydrated(buyer, "/buyer-dashboard/store-credit");
    await expect(buyer.getByTestId("store-credit-balance")).toHaveText(rs(JOGGERS.price));

    // 7. Spent at checkout on the next order: the credit pays part of it, the rest is cash on delivery.
    await gotoHydrated(buyer, `/checkout?product=${SHIRT.id}&color=${SHIRT.color}&size=L&quantity=1`);
    const form = checkoutForm(buyer);
    await expect(form.getByRole("checkbox", { name: "Use my store credit" })).toBeChecked();
    await expect(form.getByTestId("store-credit-used")).toHaveText(`−${rs(JOGGERS.price)}`);
    await fillShipping(buyer, { phone: "0321 4445566", city: "Karachi", address: "Flat 7, Block 13, Gulshan-e-Iqbal" });
    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(buyer).toHaveURL(/\/orders\/[\w-]+$/);
    await expect(buyer.getByTestId("order-store-credit")).toHaveText(`−${rs(JOGGERS.price)}`);
    await gotoHydrated(buyer, "/buyer-dashboard/store-credit");
    await expect(buyer.getByTestId("store-credit-balance")).toHaveText(rs(0));

    await buyer.context().close();
    await owner.context().close();
  });
}
