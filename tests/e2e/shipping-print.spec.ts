import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  type CartItem,
} from "./helpers";

/**
 * Printing for the courier: three orders booked on Book Shipments, the first given its tracking
 * number by a tracking file, their labels (A4 four to a sheet, or one 4 x 6 inch label a page, the
 * first with its tracking barcode) printed to PDF in Chromium, and the day's load sheet.
 *
 * The courier is added through `POST /api/seller/couriers` (the page is couriers.spec.ts's), so the
 * suite never writes to the server's database behind its back.
 */

// A seeded product no other spec counts the stock of: one of each of its variants with stock.
const HOODIE = "heavyweight-oversized-hoodie";
const ITEMS: CartItem[] = [
  { productId: HOODIE, color: "Brown", size: "S", quantity: 1 },
  { productId: HOODIE, color: "Brown", size: "M", quantity: 1 },
  { productId: HOODIE, color: "Black", size: "XL", quantity: 1 },
];
const CITIES = ["Karachi", "Lahore", "Quetta"];

/** The pages of a PDF Chromium printed, with each page's size in points (72 a inch). */
function pdfPages(pdf: Buffer): { count: number; sizes: string[] } {
  const text = pdf.toString("latin1");
  const count = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const sizes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(
    (m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`,
  );
  return { count, sizes };
}

/** Where the printed PDFs are kept, to be looked at. */
const PDFS = "test-results/shipping-print";

const rupees = (n: number) => `PKR ${n.toLocaleString("en-US")}`;

test.describe("printing labels and the load sheet", () => {
  test.describe.configure({ mode: "serial" });
  let owner: Page;
  const orders: { id: string; orderNumber: string; total: number }[] = [];
  let labelsHref = "";
  let loadSheetHref = "";
  const courierName = `Print Test ${Date.now() % 1_000_000}`;
  /** The tracking number the courier gives the first order: its label prints it as a barcode. */
  const tracking = `PT${Date.now() % 100_000_000}`;

  test.beforeAll(async ({ browser }) => {
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("print-labels", "Zainab Qureshi"));
    const ownerContext = await browser.newContext();
    owner = await ownerContext.newPage();
    await signInAsOwner(owner);

    const courier = await owner.request.post("/api/seller/couriers", {
      data: {
        name: courierName,
        accountCode: "KHI-4471",
        weightBands: "500 = 180\n1000 = 230",
        extraPerKg: "100",
        codFeePercent: "1",
        surchargePercent: "0",
        trackingUrl: "",
        bookingColumns: "",
      },
    });
    expect(courier.status(), await courier.text()).toBe(201);

    for (const [i, item] of ITEMS.entries()) {
      const placed = await placeOrderByApi(buyer, [item], { city: CITIES[i], fullName: `Zainab Qureshi ${i + 1}` });
      const confirmed = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "confirmed" } });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      const order = await (await owner.request.get(`/api/orders/${placed.orderId}`)).json();
      orders.push({ id: placed.orderId, orderNumber: placed.orderNumber, total: order.data.total });
    }
    await buyerContext.close();
  });

  test.afterAll(async () => owner?.context().close());

  test("the owner books the three orders on Book Shipments", async () => {
    await gotoHydrated(owner, `/seller/shipping/book?${new URLSearchParams(orders.map((o) => ["orderIds", o.id]))}`);
    // Every row starts on its routing rules' courier; choosing "Set all to" and pressing Book
    // Shipments books the three with this one, without a separate Set all press.
    await owner.getByRole("combobox", { name: "Set all to" }).selectOption({ label: courierName });
    await owner.getByRole("button", { name: "Book Shipments" }).click();
    const done = owner.getByRole("status").filter({ hasText: `3 orders booked with ${courierName}` });
    await expect(done).toBeVisible();
    labelsHref = (await done.getByRole("link", { name: "Print Labels" }).getAttribute("href"))!;
    loadSheetHref = (await done.getByRole("link", { name: `Load Sheet: ${courierName}` }).getAttribute("href"))!;
    expect(labelsHref).toMatch(/^\/seller\/shipping\/labels\?orderIds=/);
    expect(loadSheetHref).toMatch(/^\/seller\/shipping\/load-sheet\?courier=\d+&date=\d{4}-\d{2}-\d{2}$/);
  });

  test("the courier's tracking file gives the first order its tracking number (through the API, columns named)", async () => {
    const csv = `Shipper Ref,Consignment,Remarks\r\n${orders[0].orderNumber},${tracking},Booked\r\n`;
    const res = await owner.request.post("/api/shipping/imports", {
      multipart: {
        kind: "tracking",
        apply: "true",
        mapping: JSON.stringify({ orderNumber: "Shipper Ref", trackingNumber: "Consignment" }),
        file: { name: "print-tracking.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()).data).toMatchObject({
      applied: true,
      counts: { change: 1 },
      mapping: { orderNumber: 0, trackingNumber: 1 },
    });
  });

  test("the labels show each order's barcode, number and COD, and print as one A4 page", async () => {
    const response = await gotoHydrated(owner, labelsHref);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const labels = owner.getByTestId("shipping-label");
    await expect(labels).toHaveCount(3);
    for (const order of orders) {
      const label = labels.filter({ hasText: `Order ${order.orderNumber}` });
      await expect(label).toHaveCount(1);
      await expect(label.getByTestId("label-order-barcode").locator("svg")).toBeVisible();
      await expect(label.getByTestId("label-order-barcode").locator("svg")).toHaveAttribute(
        "aria-label",
        order.orderNumber,
      );
      await expect(label.getByTestId("label-cod")).toContainText(rupees(order.total));
      await expect(label).toContainText(courierName);
    }
    // The first has the courier's tracking number, as a barcode; the others say they have none yet.
    const trackingBarcode = labels
      .filter({ hasText: `Order ${orders[0].orderNumber}` })
      .getByTestId("label-tracking-barcode")
      .locator("svg");
    await expect(trackingBarcode).toBeVisible();
    await expect(trackingBarcode).toHaveAttribute("aria-label", tracking);
    await expect(labels.getByTestId("label-tracking-barcode")).toHaveCount(1);
    for (const order of orders.slice(1))
      await expect(labels.filter({ hasText: `Order ${order.orderNumber}` })).toContainText(
        "Tracking number: not yet given by the courier",
      );
    await expect(owner.getByRole("link", { name: "A4, four per sheet" })).toHaveAttribute("aria-current", "page");
    await expect(owner.getByText("Actual size", { exact: false })).toBeVisible();
    await expect(owner.getByRole("status").filter({ hasText: "selected orders" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(owner);

    // On paper: the labels only.
    await owner.emulateMedia({ media: "print" });
    await expect(owner.getByRole("link", { name: "Back to Orders" })).toBeHidden();
    await expect(owner.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(owner.getByRole("banner")).toBeHidden();
    // Back to no emulation: page.pdf prints with print CSS then (an emulated "screen" would print the screen's layout).
    await owner.emulateMedia({ media: null });

    const pdf = pdfPages(
      await owner.pdf({ preferCSSPageSize: true, printBackground: true, path: `${PDFS}/labels-a4.pdf` }),
    );
    expect(pdf.count).toBe(1);
    expect(pdf.sizes).toEqual(["595x842"]); // A4 in points
  });

  test("on 4 x 6 inch labels the three print as three pages; the link keeps the orders", async () => {
    await owner.getByRole("link", { name: "4 x 6 inch" }).click();
    await expect(owner).toHaveURL(/size=4x6/);
    await expect(owner.getByRole("link", { name: "4 x 6 inch" })).toHaveAttribute("aria-current", "page");
    await expect(owner.getByTestId("shipping-label")).toHaveCount(3);
    await expect(owner.getByTestId("label-page")).toHaveCount(3);
    await expect(owner.getByTestId("label-tracking-barcode").locator("svg")).toHaveAttribute("aria-label", tracking);
    const pdf = pdfPages(
      await owner.pdf({ preferCSSPageSize: true, printBackground: true, path: `${PDFS}/labels-4x6.pdf` }),
    );
    expect(pdf.count).toBe(3);
    expect(pdf.sizes).toEqual(["288x432", "288x432", "288x432"]);
  });

  test("an order not booked is counted, not printed", async () => {
    const buyerContext = await owner.context().browser()!.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("print-unbooked", "Ali Raza"));
    const unbooked = await placeOrderByApi(buyer, [{ productId: HOODIE, color: "Brown", size: "S", quantity: 1 }]);
    await buyerContext.close();
    await gotoHydrated(owner, `${labelsHref}&orderIds=${unbooked.orderId}`);
    await expect(owner.getByTestId("shipping-label")).toHaveCount(3);
    await expect(
      owner.getByRole("status").filter({ hasText: "1 of 4 selected orders is not booked yet" }),
    ).toBeVisible();

    await gotoHydrated(owner, `/seller/shipping/labels?orderIds=${unbooked.orderId}`);
    await expect(owner.getByRole("alert")).toContainText("The selected order is not booked yet");
    await expect(owner.getByTestId("shipping-label")).toHaveCount(0);
  });

  test("the load sheet lists the three parcels with their COD total, and a buyer is refused", async ({ browser }) => {
    await gotoHydrated(owner, loadSheetHref);
    await expect(owner.getByRole("heading", { level: 1, name: `Load sheet: ${courierName}` })).toBeVisible();
    const rows = owner.getByTestId("load-sheet-row");
    await expect(rows).toHaveCount(3);
    for (const [i, order] of orders.entries()) {
      await expect(rows.nth(i)).toContainText(order.orderNumber);
      await expect(rows.nth(i)).toContainText(CITIES[i]);
      await expect(rows.nth(i)).toContainText(rupees(order.total));
    }
    await expect(owner.getByTestId("load-sheet-totals")).toContainText("Total: 3 parcels");
    await expect(owner.getByTestId("load-sheet-totals")).toContainText(
      rupees(orders.reduce((sum, o) => sum + o.total, 0)),
    );
    await expect(owner.getByText("KHI-4471")).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    const pdf = pdfPages(
      await owner.pdf({ preferCSSPageSize: true, printBackground: true, path: `${PDFS}/load-sheet.pdf` }),
    );
    expect(pdf.count).toBe(1);

    // Another day: none booked, said so.
    await owner.getByLabel("Day booked").fill("2020-01-01");
    await owner.getByRole("button", { name: "Show" }).click();
    await expect(
      owner.getByRole("status").filter({ hasText: `No parcels were booked with ${courierName} on 1 Jan 2020` }),
    ).toBeVisible();
    await expect(owner.getByTestId("load-sheet-row")).toHaveCount(0);

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("print-refused"));
    for (const path of [labelsHref, loadSheetHref]) {
      await buyer.goto(path);
      await expect(buyer).toHaveURL(/\/buyer-dashboard$/);
    }
    expect((await buyer.request.post("/api/seller/couriers", { data: { name: "Mine" } })).status()).toBe(403);
    await buyerContext.close();
  });

  test("without JavaScript the paper size links and the load sheet's form still work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsOwner(page);
    await page.goto(labelsHref);
    await page.getByRole("link", { name: "4 x 6 inch" }).click();
    await expect(page).toHaveURL(/size=4x6/);
    await expect(page.getByTestId("label-page")).toHaveCount(3);
    await page.getByRole("link", { name: "A4, four per sheet" }).click();
    await expect(page.getByTestId("label-page")).toHaveCount(1);
    await expect(page.getByTestId("shipping-label")).toHaveCount(3);

    await page.goto("/seller/shipping/load-sheet");
    await page.getByRole("combobox", { name: "Courier" }).selectOption({ label: courierName });
    await page.getByLabel("Day booked").fill(new URL(loadSheetHref, "http://x").searchParams.get("date")!);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/seller\/shipping\/load-sheet\?courier=\d+&date=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId("load-sheet-row")).toHaveCount(3);
    await context.close();
  });
});
