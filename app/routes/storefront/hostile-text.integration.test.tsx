import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, products, productVariants, reviews, shopSettings, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { productJsonLd, jsonForScript } from "~/modules/catalog/product-json-ld";
import { getProduct } from "~/modules/catalog/get-product.server";
import { placeOrder } from "~/flows/place-order.server";
import { renderEmail } from "~/modules/messages/render-email.server";
import { exportOrdersCsv } from "~/modules/orders/export-orders-csv.server";
import { callRoute, routeContext, signInCookie, TEST_ORIGIN } from "../../../tests/factories/route-calls";
import { useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import SellerInbox, { loader as inboxLoader } from "../seller/messages/inbox";
import SellerOrderInvoice, { loader as invoiceLoader } from "../seller/orders/invoice";

const SCRIPT = "</script><script>alert(1)</script>";
const NAME = `Tee ${SCRIPT}`;
const PASSWORD = "hostile-text-owner-passphrase";

/** What must never appear in markup built from what shoppers typed: a script element of theirs. */
function expectNoInjectedScript(html: string) {
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toMatch(/<script>alert/i);
}

/**
 * `<script>` in product names, descriptions, reviews, addresses and contact messages is shown as text
 * on the pages the owner prints and reads, in JSON-LD, in e-mails, and made harmless in the CSV.
 */
describe("hostile text shown as text", () => {
  const database = useTestDatabase("pglite");
  let context: AppLoadContext;
  let auth: Auth;
  let ownerCookie = "";
  let orderId = "";
  const productId = "essential-crew-neck-tee";

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    await createSeller(auth, database.db, { email: "owner@shop.pk", password: PASSWORD, name: "Owner" });
    ownerCookie = await signInCookie(auth, "owner@shop.pk", PASSWORD);
    await database.db
      .update(products)
      .set({ name: NAME, description: `Soft. ${SCRIPT}` })
      .where(eq(products.id, productId));
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .limit(1);
    await database.db.update(productVariants).set({ stock: 10 }).where(eq(productVariants.id, variant.id));
    const buyer = await createTestBuyer(database.db, `=HYPERLINK("http://evil")`);
    const order = await placeOrder(
      { db: database.db },
      {
        userId: buyer,
        items: [{ productId, color: variant.color, size: variant.size, quantity: 1 }],
        shipping: {
          fullName: `=cmd|' /C calc'!A0 ${SCRIPT}`,
          email: "buyer@example.pk",
          phone: "03001234567",
          city: "Lahore",
          address: `+House 1 ${SCRIPT}`,
          postalCode: "@54000",
          country: "Pakistan",
        },
      },
    );
    orderId = order.orderId;
    await database.db.insert(reviews).values({ productId, userId: buyer, rating: 5, comment: `Great ${SCRIPT}` });
    await database.db
      .insert(contactMessages)
      .values({ name: `Sana ${SCRIPT}`, email: "sana@x.pk", subject: `Hi ${SCRIPT}`, message: `Question ${SCRIPT}` });
  }, 300_000);

  const ownerRequest = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: ownerCookie } });

  function renderRoute(
    path: string,
    Component: React.ComponentType<{ loaderData: never; params: never; matches: never }>,
    loaderData: unknown,
    params: Record<string, string> = {},
  ) {
    const Stub = createRoutesStub([
      {
        path: path.replace(/\/[0-9a-f-]{36}/, "/:id"),
        Component: () => <Component loaderData={loaderData as never} params={params as never} matches={[] as never} />,
      },
    ]);
    return renderToString(<Stub initialEntries={[path]} />);
  }

  it("the printable invoice shows the product name, customer and address as text", async () => {
    const data = await callRoute(invoiceLoader, {
      request: ownerRequest(`/seller/orders/${orderId}/invoice`),
      context,
      params: { id: orderId },
    });
    const html = renderRoute(`/seller/orders/${orderId}/invoice`, SellerOrderInvoice as never, data, { id: orderId });
    expectNoInjectedScript(html);
    expect(html).toContain("Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("+House 1 &lt;/script&gt;");
  });

  it("the owner's inbox shows a contact message as text", async () => {
    const data = await callRoute(inboxLoader, { request: ownerRequest("/seller/inbox"), context });
    const html = renderRoute("/seller/inbox", SellerInbox as never, data);
    expectNoInjectedScript(html);
    expect(html).toContain("Question &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("the product page's JSON-LD cannot close its script element, and reads back as the same text", async () => {
    const product = (await getProduct(database.db, productId))!;
    const printed = jsonForScript(
      productJsonLd(product, {
        origin: TEST_ORIGIN,
        brand: "Kapra",
        imageUrls: [],
        reviews: [{ author: "A", rating: 5, comment: `Great ${SCRIPT}`, createdAt: new Date() }],
      }),
    );
    expect(printed).not.toContain("<");
    const parsed = JSON.parse(printed);
    expect(parsed.name).toBe(NAME);
    expect(parsed.review[0].reviewBody).toBe(`Great ${SCRIPT}`);
  });

  it("e-mails (order and contact) show the text escaped, in HTML and plain text", async () => {
    const [settings] = await database.db.select().from(shopSettings);
    const shop = {
      name: settings.brandName,
      publicUrl: TEST_ORIGIN,
      contactEmail: settings.contactEmail,
      phone: settings.phone,
      address: settings.address,
      city: settings.city,
    };
    const order = await renderEmail(
      "order_placed",
      {
        orderNumber: "ORD-123456",
        customerName: `Ali ${SCRIPT}`,
        items: [{ name: NAME, color: "Black", size: "M", quantity: 1, price: 1299 }],
        subtotal: 1299,
        shippingFee: 200,
        total: 1499,
        phone: "+923001234567",
        address: `House ${SCRIPT}`,
        city: "Lahore",
        deliveryFrom: "2026-01-01",
        deliveryTo: "2026-01-03",
        orderPath: "/orders/x",
      },
      shop,
    );
    const contact = await renderEmail(
      "contact_message",
      {
        name: `Sana ${SCRIPT}`,
        email: "sana@x.pk",
        subject: `Hi ${SCRIPT}`,
        message: `Question ${SCRIPT}`,
        inboxPath: "/seller/inbox",
      },
      shop,
    );
    for (const { html, text } of [order, contact]) {
      expectNoInjectedScript(html);
      expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(text).toContain(SCRIPT);
    }
  });

  it("the CSV export neutralises every text cell that starts like a formula, names and addresses included", async () => {
    let csv = "";
    for await (const chunk of exportOrdersCsv(database.db, { status: null, q: "" })) csv += chunk;
    expect(csv).toContain(`'=cmd|' /C calc'!A0`);
    expect(csv).toContain(`'+House 1`);
    expect(csv).toContain(`'@54000`);
    // No cell starts with a formula character.
    const cells = csv
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .flatMap((line) => line.split(","));
    expect(cells.filter((c) => /^"?[=+\-@\t\r]/.test(c))).toEqual([]);
  });

  it("keeps the hostile buyer's own name as it was typed in the database (escaping is at output)", async () => {
    const [buyer] = await database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.name, `=HYPERLINK("http://evil")`));
    expect(buyer).toBeDefined();
  });
});
