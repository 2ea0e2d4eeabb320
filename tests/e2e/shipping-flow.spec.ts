import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { portalCsv } from "../../app/integrations/couriers/file-portal/portal-stand-in";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  variantStock,
  type CartItem,
} from "./helpers";

/**
 * Issue 19 from start to end, as the owner drives it: a courier added in Settings -> Couriers,
 * three confirmed orders ticked on the Orders tab and booked on Book Shipments ("Set all to" the courier), their labels and
 * the portal's booking file, then the courier's three files on the Shipping tab (tracking numbers:
 * shipped; delivery statuses: two delivered, one RTO; COD payments: one paid PKR 100 short), with
 * cash with couriers, the discrepancy, and the buyer's tracking link. Once on a laptop and once on
 * a phone, each with its own courier, buyer and orders.
 */

// A seeded product whose stock these variants only this spec counts (api.spec counts Navy/XXL, no other spec orders it).
const TEE = "karachi-nights-graphic-tee";
const ITEMS: CartItem[] = [
  { productId: TEE, color: "Black", size: "M", quantity: 1 },
  { productId: TEE, color: "Black", size: "L", quantity: 1 },
  { productId: TEE, color: "Navy", size: "M", quantity: 1 },
];
const CITIES = ["Karachi", "Lahore", "Islamabad"];
const ADDRESS = "Flat 4, Block 7, Gulshan-e-Iqbal";
/** The courier's rate card: every parcel here weighs under 1 kg, so each is estimated at Rs 200. */
const CHARGE = 200;

const VIEWPORTS = [
  {
    name: "laptop",
    viewport: { width: 1280, height: 800 },
    options: { isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
  },
  { name: "phone", viewport: { width: 390, height: 844 }, options: {} },
] as const;

type Order = { id: string; orderNumber: string; total: number; tracking: string };

const grouped = (n: number) => n.toLocaleString("en-US");
const rs = (n: number) => `Rs ${grouped(n)}`;
const pkr = (n: number) => `PKR ${grouped(n)}`;

/** A CSV file as a courier portal writes one (the file portal's stand-in), ready for a file input. */
function csvFile(name: string, rows: (string | number)[][]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(portalCsv(rows)) };
}

/** The Shipping tab's "Cash with couriers" total, in rupees. */
async function cashTotal(page: Page): Promise<number> {
  const text = await page.getByTestId("cash-with-couriers").getByTestId("cash-total").innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

/** Fills one of the Shipping tab's import forms and presses Preview; returns the preview panel. */
async function previewCourierFile(
  page: Page,
  title: string,
  file: ReturnType<typeof csvFile>,
  courier?: string,
): Promise<Locator> {
  const form = page.getByRole("form", { name: title });
  if (courier) await form.getByRole("combobox", { name: "Courier" }).selectOption({ label: courier });
  await form.getByLabel("File (CSV or Excel)").setInputFiles(file);
  await form.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: `Preview: ${title}, ${file.name}` });
  await expect(preview).toBeVisible();
  return preview;
}

/** Presses Apply on a preview; returns the applied panel. */
async function apply(page: Page, preview: Locator, title: string, fileName: string): Promise<Locator> {
  await preview.getByRole("button", { name: "Apply", exact: true }).click();
  const applied = page.getByRole("region", { name: `Applied: ${title}, ${fileName}` });
  await expect(applied).toBeVisible();
  return applied;
}

const fileRows = (panel: Locator) => panel.getByRole("region", { name: "Rows of the file" }).getByRole("listitem");

/** The row of a preview (or applied) panel about one order: its outcome badge and what it says. */
async function expectFileRow(panel: Locator, orderNumber: string, outcome: string, says: string | RegExp) {
  const row = fileRows(panel).filter({ hasText: orderNumber });
  await expect(row).toHaveCount(1);
  await expect(row.locator(":scope > span").nth(2)).toHaveText(outcome);
  await expect(row.locator(":scope > span").nth(3)).toContainText(says);
}
const selectedColumn = (panel: Locator, field: string) =>
  panel.getByRole("combobox", { name: field, exact: true }).locator("option:checked");

async function statusOf(owner: Page, orderId: string): Promise<{ status: string; paymentStatus: string }> {
  const res = await owner.request.get(`/api/orders/${orderId}`);
  expect(res.status()).toBe(200);
  const { status, paymentStatus } = (await res.json()).data;
  return { status, paymentStatus };
}

async function newPage(browser: Browser, setup: (typeof VIEWPORTS)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: setup.viewport, ...setup.options });
  return context.newPage();
}

for (const setup of VIEWPORTS) {
  test(`on a ${setup.name}, the owner books three orders, prints and uploads their files, and settles the courier's COD`, async ({
    browser,
  }) => {
    // Three files imported, labels printed, axe run on every step: a phone's run takes a minute or more.
    test.setTimeout(180_000);
    const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
    const courier = `Rahbar ${setup.name} ${suffix}`;
    const phone = `0345${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const buyerName = `Sana Iqbal ${setup.name}`;

    const buyer = await newPage(browser, setup);
    const owner = await newPage(browser, setup);
    await createAccount(buyer, newAccount(`ship-flow-${setup.name}`, buyerName));
    await signInAsOwner(owner);
    const returnedItem = ITEMS[2];
    const stockBefore = await variantStock(buyer, TEE, returnedItem.color, returnedItem.size);

    await test.step("the owner adds the courier, with its tracking link, in Settings -> Couriers", async () => {
      await gotoHydrated(owner, "/seller/settings/couriers");
      const add = owner.getByRole("form", { name: "Add Courier" });
      await add.getByRole("combobox", { name: "Courier name" }).fill(courier);
      await add.getByRole("textbox", { name: "Tracking link" }).fill("https://courier.example/track/{tracking}");
      await add.getByRole("textbox", { name: "Account or shipper code" }).fill(`ACC-${suffix}`);
      await add.getByRole("textbox", { name: "Weight bands" }).fill(`1000 = ${CHARGE}`);
      await add.getByRole("textbox", { name: "Each extra kg (PKR)" }).fill("100");
      await add.getByRole("textbox", { name: "COD fee (%)" }).fill("0");
      await add.getByRole("textbox", { name: "Surcharge (%)" }).fill("0");
      await add.getByRole("button", { name: "Add Courier" }).click();
      const card = owner
        .getByRole("region", { name: "Couriers" })
        .getByRole("listitem")
        .filter({ has: owner.getByRole("heading", { name: courier, exact: true }) });
      await expect(card).toContainText(`up to 1 kg ${rs(CHARGE)}, each extra kg Rs 100; no COD fee; no surcharge`);
      await expect(card).toContainText("https://courier.example/track/{tracking}");
    });

    // Three orders from one buyer (a phone of their own, so no other test's return marks them risky), confirmed.
    const orders: Order[] = [];
    for (const [i, item] of ITEMS.entries()) {
      const placed = await placeOrderByApi(buyer, [item], {
        fullName: buyerName,
        phone,
        city: CITIES[i],
        address: ADDRESS,
        postalCode: "75500",
      });
      const confirmed = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "confirmed" } });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      const order = (await (await owner.request.get(`/api/orders/${placed.orderId}`)).json()).data;
      orders.push({
        id: placed.orderId,
        orderNumber: placed.orderNumber,
        total: order.total,
        tracking: `RB${suffix}${i + 1}`,
      });
    }
    const [first, second, third] = orders;
    expect(await variantStock(buyer, TEE, returnedItem.color, returnedItem.size)).toBe(stockBefore - 1);

    await test.step("on the Orders tab the owner ticks the three and presses Book Shipments", async () => {
      await owner
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: /^Orders/ })
        .click();
      await expect(owner).toHaveURL(/\/seller\/orders$/);
      const filter = owner.getByRole("search", { name: "Filter orders" });
      await filter.getByRole("searchbox", { name: "Search orders" }).fill(phone);
      await filter.getByRole("button", { name: "Search" }).click();
      await expect(owner.getByTestId("seller-order")).toHaveCount(3);
      for (const order of orders) await owner.getByRole("checkbox", { name: `Select ${order.orderNumber}` }).check();
      const bulk = owner.getByRole("form", { name: "Move selected orders" });
      await expect(bulk).toContainText("3 selected");
      await bulk.getByRole("button", { name: "Book Shipments" }).click();
      await expect(owner).toHaveURL(/\/seller\/shipping\/book\?orderIds=/);
    });

    const done = owner.getByRole("status").filter({ hasText: `3 orders booked with ${courier}` });
    let labelsHref = "";
    await test.step("Book Shipments: the courier chosen, the three booked", async () => {
      await expect(owner.getByRole("heading", { name: "Book Shipments" })).toBeVisible();
      const toBook = owner.getByRole("region", { name: "Orders to book" });
      for (const order of orders)
        await expect(toBook.getByRole("checkbox", { name: `Book ${order.orderNumber}` })).toBeChecked();
      // Every row starts on its routing rules' courier; "Set all to" puts the three on this one.
      await owner.getByRole("combobox", { name: "Set all to" }).selectOption({ label: courier });
      await owner.getByRole("button", { name: "Set all", exact: true }).click();
      await expect(owner).toHaveURL(/[?&]courier=\d+/);
      await expectNoSeriousA11yViolations(owner);
      await owner.getByRole("button", { name: "Book Shipments" }).click();
      await expect(done).toBeVisible();
      for (const order of orders) await expect(done).toContainText(`${order.orderNumber} (${courier}): `);
      for (const order of orders)
        await expect(done.getByRole("listitem").filter({ hasText: order.orderNumber })).toContainText(
          `COD ${rs(order.total)}, estimated cost ${rs(CHARGE)}`,
        );
    });

    await test.step("a buyer's new order reloads the owner's page live, and the booking result stays on it", async () => {
      // The Orders tab's count of waiting orders is the loader's: its change shows the page was reloaded.
      const waiting = async () => (await owner.locator("#seller-tab-count-orders").allTextContents()).join("");
      const before = await waiting();
      await placeOrderByApi(buyer, [ITEMS[0]], {
        fullName: buyerName,
        phone: `0346${phone.slice(4)}`,
        city: "Multan",
        address: ADDRESS,
      });
      await expect.poll(waiting).not.toBe(before);
      await expect(done).toBeVisible();
      await expect(done.getByRole("link", { name: `Booking File: ${courier}` })).toBeVisible();
    });

    await test.step("Print Labels: three labels, each with its barcode, COD and order number", async () => {
      const opened = owner.context().waitForEvent("page");
      labelsHref = (await done.getByRole("link", { name: "Print Labels" }).getAttribute("href"))!;
      await done.getByRole("link", { name: "Print Labels" }).click();
      const labelsPage = await opened;
      await expect(labelsPage).toHaveURL(/\/seller\/shipping\/labels\?orderIds=/);
      const labels = labelsPage.getByTestId("shipping-label");
      await expect(labels).toHaveCount(3);
      for (const order of orders) {
        const label = labelsPage.getByRole("article", { name: `Label for order ${order.orderNumber}` });
        await expect(label).toContainText(`Order ${order.orderNumber}`);
        await expect(label.getByTestId("label-order-barcode").locator("svg")).toHaveAttribute(
          "aria-label",
          order.orderNumber,
        );
        await expect(label.getByTestId("label-cod")).toContainText(pkr(order.total));
        await expect(label).toContainText(courier);
        // Booked, but the courier has not given the tracking number yet: said in words, no barcode.
        await expect(label.getByText(/^Tracking number: /)).toBeVisible();
        await expect(label.getByTestId("label-tracking-barcode")).toHaveCount(0);
      }
      await labelsPage.close();
    });

    await test.step("Booking File: the workbook, a header and one row per order, in the portal's layout (phones as text)", async () => {
      const downloading = owner.waitForEvent("download");
      await done.getByRole("link", { name: `Booking File: ${courier}` }).click();
      const download = await downloading;
      const slug = courier.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-booking-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const [header, ...rows] = (await readSheet(await readFile((await download.path())!))) as unknown[][];
      expect(header).toEqual([
        "Order Reference",
        "Consignee Name",
        "Consignee Phone",
        "Consignee Address",
        "Destination City",
        "COD Amount",
        "Weight (kg)",
        "Pieces",
        "Product Description",
        "Special Instructions",
      ]);
      expect(rows).toHaveLength(3);
      const column = (name: string) => header.indexOf(name);
      for (const [i, order] of orders.entries()) {
        const row = rows[i];
        expect(row[column("Order Reference")]).toBe(order.orderNumber);
        expect(row[column("Consignee Name")]).toBe(buyerName);
        expect(row[column("Consignee Phone")]).toBe(phone);
        expect(row[column("Consignee Address")]).toBe(`${ADDRESS}, 75500`);
        expect(row[column("Destination City")]).toBe(CITIES[i]);
        expect(row[column("COD Amount")]).toBe(order.total);
        expect(row[column("Pieces")]).toBe(1);
        expect(row[column("Product Description")]).toContain("Karachi Nights Graphic Tee");
      }
      // The CSV beside it, for portals that take only CSV: the same rows, as text.
      const csvDownloading = owner.waitForEvent("download");
      await done.getByRole("link", { name: "CSV", exact: true }).click();
      const csv = await csvDownloading;
      expect(csv.suggestedFilename()).toMatch(new RegExp(`^${slug}-booking-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const [csvHeader, ...csvRows] = parse(await readFile((await csv.path())!, "utf8"), { bom: true }) as string[][];
      expect(csvHeader).toEqual(header);
      expect(csvRows).toEqual(rows.map((row) => row.map((cell) => String(cell ?? ""))));
    });

    await test.step("Shipping tab: the tracking file ships the three", async () => {
      await owner.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Shipping" }).click();
      await expect(owner).toHaveURL(/\/seller\/shipping$/);
      await expect(owner.getByRole("heading", { level: 2, name: "Shipping" })).toBeVisible();
      const file = csvFile(`tracking-${suffix}.csv`, [
        ["Reference", "CN Number"],
        ...orders.map((o) => [o.orderNumber, o.tracking]),
      ]);
      const preview = await previewCourierFile(owner, "Import Tracking", file);
      await expect(selectedColumn(preview, "Order number")).toHaveText("Reference");
      await expect(selectedColumn(preview, "Tracking number")).toHaveText("CN Number");
      await expect(preview.getByRole("status")).toHaveText(
        "3 rows will change the shop; 0 already so, 0 not matched, 0 cannot be read. Nothing has changed yet.",
      );
      await expect(fileRows(preview)).toHaveCount(3);
      for (const order of orders) {
        await expectFileRow(
          preview,
          order.orderNumber,
          "Will change",
          `Shipped with ${courier}, tracking number ${order.tracking}; the buyer is e-mailed the tracking link`,
        );
      }
      for (const order of orders)
        expect((await statusOf(owner, order.id)).status, "nothing changes before Apply").toBe("confirmed");
      await expectNoSeriousA11yViolations(owner);

      // A column changed after the preview: Apply waits for Preview Again (the server refuses it too, without JavaScript).
      const applyButton = preview.getByRole("button", { name: "Apply", exact: true });
      const trackingColumn = preview.getByRole("combobox", { name: "Tracking number", exact: true });
      await trackingColumn.selectOption({ label: "Reference" });
      await expect(applyButton).toBeDisabled();
      await expect(preview.getByText("The columns changed since the preview: press Preview Again")).toBeVisible();
      await trackingColumn.selectOption({ label: "CN Number" });
      await expect(applyButton).toBeEnabled();
      await expect(preview.getByText("The columns changed since the preview")).toHaveCount(0);

      const applied = await apply(owner, preview, "Import Tracking", file.name);
      await expect(applied.getByRole("status")).toHaveText(
        "Applied: 3 rows changed the shop; 0 already so, 0 not matched, 0 cannot be read.",
      );
      for (const order of orders)
        await expectFileRow(applied, order.orderNumber, "Changed", `tracking number ${order.tracking}`);
      for (const order of orders)
        expect(await statusOf(owner, order.id)).toEqual({ status: "shipped", paymentStatus: "unpaid" });
    });

    await test.step("Print Labels again: now each label carries its tracking barcode", async () => {
      const labelsPage = await owner.context().newPage();
      await gotoHydrated(labelsPage, labelsHref);
      await expect(labelsPage.getByTestId("shipping-label")).toHaveCount(3);
      for (const order of orders) {
        const label = labelsPage.getByRole("article", { name: `Label for order ${order.orderNumber}` });
        const barcode = label.getByTestId("label-tracking-barcode").locator("svg");
        await expect(barcode).toBeVisible();
        await expect(barcode).toHaveAttribute("aria-label", order.tracking);
        await expect(label.getByRole("img", { name: order.tracking, exact: true })).toBeVisible();
        await expect(label).toContainText(`${courier} tracking`);
        await expect(label.getByText(/^Tracking number: /)).toHaveCount(0);
      }
      await labelsPage.close();
    });

    await test.step("the buyer's order page links to the courier's tracking page", async () => {
      await gotoHydrated(buyer, `/orders/${first.id}`);
      await expect(buyer.getByTestId("order-status")).toHaveText("Shipped");
      const line = buyer.getByTestId("order-courier");
      await expect(line).toContainText(`Courier: ${courier}, tracking number ${first.tracking}`);
      await expect(
        line.getByRole("link", { name: `Track your parcel on ${courier} website (opens in a new tab)` }),
      ).toHaveAttribute("href", `https://courier.example/track/${first.tracking}`);
    });

    let cashBefore = 0;
    await test.step("the delivery file: two delivered (cash now with the courier), one RTO (returned, stock back)", async () => {
      await owner.getByRole("link", { name: "Import Another File" }).click();
      await expect(owner.getByRole("region", { name: /^Applied: / })).toHaveCount(0);
      cashBefore = await cashTotal(owner);
      await expect(owner.getByTestId("courier-cash").filter({ hasText: courier })).toHaveCount(0);

      // A status report keyed by the courier's CN only, as portals give it.
      const file = csvFile(`delivery-${suffix}.csv`, [
        ["CN Number", "Status", "Remarks"],
        [first.tracking, "Delivered", ""],
        [second.tracking, "DELIVERED TO CONSIGNEE", ""],
        [third.tracking, "RTO", "Customer refused"],
      ]);
      const preview = await previewCourierFile(owner, "Import Delivery Status", file);
      await expect(selectedColumn(preview, "Tracking number (optional)")).toHaveText("CN Number");
      await expect(selectedColumn(preview, "Delivery status")).toHaveText("Status");
      await expect(selectedColumn(preview, "Reason (optional)")).toHaveText("Remarks");
      await expect(preview.getByRole("status")).toHaveText(
        "3 rows will change the shop; 0 already so, 0 not matched, 0 cannot be read. Nothing has changed yet.",
      );
      await expectFileRow(
        preview,
        first.orderNumber,
        "Will change",
        /^Delivered on .+: the courier collected the cash$/,
      );
      await expectFileRow(
        preview,
        second.orderNumber,
        "Will change",
        /^Delivered on .+: the courier collected the cash$/,
      );
      await expectFileRow(
        preview,
        third.orderNumber,
        "Will change",
        "Returned to the shop (Customer refused): its stock is put back and the return counts against this phone number",
      );

      await apply(owner, preview, "Import Delivery Status", file.name);
      expect(await statusOf(owner, first.id)).toEqual({ status: "delivered", paymentStatus: "collected" });
      expect(await statusOf(owner, second.id)).toEqual({ status: "delivered", paymentStatus: "collected" });
      expect((await statusOf(owner, third.id)).status).toBe("returned");
      expect(await variantStock(buyer, TEE, returnedItem.color, returnedItem.size)).toBe(stockBefore);

      // The two delivered parcels' COD is with the courier now; the returned one never was.
      const owed = first.total + second.total;
      const row = owner.getByTestId("courier-cash").filter({ hasText: courier });
      await expect(row).toHaveText(`${courier}${pkr(owed)}2 parcels · oldest today`);
      await expect(owner.getByTestId("cash-total")).toHaveText(pkr(cashBefore + owed));
    });

    const settlement = `STL-${suffix}`;
    const paidOn = new Date().toISOString().slice(0, 10);
    await test.step("the COD payments file: one paid in full, one PKR 100 short; both settled, the shortfall a discrepancy", async () => {
      await owner.getByRole("link", { name: "Import Another File" }).click();
      const short = second.total - 100;
      const file = csvFile(`cod-${suffix}.csv`, [
        ["Reference", "CN Number", "COD Amount", "Charges", "Net Paid", "Payment Reference", "Payment Date"],
        [first.orderNumber, first.tracking, first.total, CHARGE, first.total - CHARGE, settlement, paidOn],
        [second.orderNumber, second.tracking, short, CHARGE, short - CHARGE, settlement, paidOn],
      ]);
      // The form asks which courier paid.
      const preview = await previewCourierFile(owner, "Import COD Payments", file, courier);
      await expect(preview).toContainText(`Courier: ${courier}`);
      await expect(selectedColumn(preview, "Order number (optional)")).toHaveText("Reference");
      await expect(selectedColumn(preview, "Amount collected")).toHaveText("COD Amount");
      await expect(selectedColumn(preview, "Payment reference (optional)")).toHaveText("Payment Reference");
      await expect(preview.getByRole("status")).toHaveText(
        "2 rows will change the shop; 0 already so, 0 not matched, 0 cannot be read. Nothing has changed yet.",
      );
      await expectFileRow(
        preview,
        first.orderNumber,
        "Will change",
        `Paid ${rs(first.total - CHARGE)} (collected ${rs(first.total)}, charges ${rs(CHARGE)}) in ${settlement}; settled`,
      );
      await expectFileRow(
        preview,
        second.orderNumber,
        "Will change",
        `Paid ${rs(short - CHARGE)} (collected ${rs(short)}, charges ${rs(CHARGE)}) in ${settlement}; settled; short by Rs 100`,
      );
      const expected = first.total + second.total;
      await expect(
        preview.getByRole("table", { name: "Settlement" }).getByRole("row").nth(1).getByRole("cell"),
      ).toHaveText([
        settlement,
        paidOn,
        "2",
        rs(expected),
        rs(expected - 100),
        rs(2 * CHARGE),
        // No tax withheld in this file (no tax columns).
        rs(0),
        rs(expected - 100 - 2 * CHARGE),
      ]);

      const applied = await apply(owner, preview, "Import COD Payments", file.name);
      await expect(applied.getByRole("status")).toContainText("Applied: 2 rows changed the shop");
      expect(await statusOf(owner, first.id)).toEqual({ status: "delivered", paymentStatus: "settled" });
      expect(await statusOf(owner, second.id)).toEqual({ status: "delivered", paymentStatus: "settled" });

      // Both delivered parcels are paid for: the courier holds nothing of this shop's now.
      await expect(owner.getByTestId("courier-cash").filter({ hasText: courier })).toHaveCount(0);
      await expect(owner.getByTestId("cash-total")).toHaveText(pkr(cashBefore));

      const discrepancy = owner
        .getByTestId("discrepancy-list")
        .getByRole("article")
        .filter({ hasText: second.orderNumber });
      await expect(discrepancy).toHaveCount(1);
      await expect(discrepancy.getByRole("heading")).toHaveText("Paid a different amount");
      await expect(discrepancy).toContainText(`${courier} · ${second.orderNumber} · Settlement ${settlement}`);
      await expect(discrepancy.getByRole("definition")).toHaveText([rs(second.total), rs(short), "−Rs 100"]);
      await expect(discrepancy).toContainText(
        `${second.orderNumber}: collected ${rs(short)}, COD was ${rs(second.total)} (short by Rs 100)`,
      );
      await expect(
        owner.getByTestId("discrepancy-list").getByRole("article").filter({ hasText: first.orderNumber }),
      ).toHaveCount(0);
      // At 390 px the settlement table scrolls sideways in its box, which a keyboard can reach.
      await expectNoSeriousA11yViolations(owner);
    });

    await test.step("the full discrepancy list shows it too, and the buyer's delivered order keeps its tracking link", async () => {
      await gotoHydrated(owner, "/seller/shipping/discrepancies");
      const item = owner.getByRole("article").filter({ hasText: second.orderNumber });
      await expect(item).toContainText("Paid a different amount");
      await expect(item).toContainText("−Rs 100");

      await gotoHydrated(buyer, `/orders/${second.id}`);
      await expect(buyer.getByTestId("order-status")).toHaveText("Delivered");
      await expect(
        buyer
          .getByTestId("order-courier")
          .getByRole("link", { name: `Track your parcel on ${courier} website (opens in a new tab)` }),
      ).toHaveAttribute("href", `https://courier.example/track/${second.tracking}`);
    });

    await owner.context().close();
    await buyer.context().close();
  });
}
