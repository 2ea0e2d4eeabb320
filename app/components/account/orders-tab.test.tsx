import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OrdersTab, type AccountOrder } from "./orders-tab";

const item = (name: string, quantity = 1) => ({
  productId: null,
  name,
  color: "Black",
  size: "M",
  price: 1000,
  quantity,
});

function order(items: AccountOrder["items"], status: AccountOrder["status"] = "pending"): AccountOrder {
  return {
    id: "0123456789abcdef",
    orderNumber: "ORD-123456",
    status,
    createdAt: "2026-11-20T10:00:00Z",
    paymentMethod: "cod",
    subtotal: 4000,
    discountCode: null,
    discountTotal: 0,
    shippingFee: 200,
    storeCreditUsed: 0,
    total: 4200,
    fullName: "Ayesha Khan",
    address: "House 1",
    city: "Karachi",
    postalCode: null,
    country: "Pakistan",
    items,
  };
}

function render(o: AccountOrder): string {
  const Stub = createRoutesStub([{ path: "/orders", Component: () => <OrdersTab orders={[o]} refreshing={false} /> }]);
  // React puts comment markers between the parts of a text: read the text alone.
  return renderToString(<Stub initialEntries={["/orders"]} />).replace(/<!-- -->/g, "");
}

describe("an order card in My Orders", () => {
  it("lists the first 2 items as 'quantity x name' and '+N more items' for the rest (SPEC.md)", () => {
    const html = render(
      order([item("Lawn Kurta", 2), item("Chino Trousers"), item("Polo Shirt"), item("Denim Shorts", 3)]),
    );
    expect(html).toContain("2 x Lawn Kurta");
    expect(html).toContain("1 x Chino Trousers");
    expect(html).not.toContain("Polo Shirt");
    expect(html).not.toContain("Denim Shorts");
    expect(html).toContain("+2 more items");
  });

  it("says '+1 more items' for one (SPEC.md's words), and nothing more for two", () => {
    expect(render(order([item("A"), item("B"), item("C")]))).toContain("+1 more items<");
    expect(render(order([item("A"), item("B")]))).not.toContain("more item");
  });

  it("lists every item of a delivered order (each may be rated)", () => {
    const html = render(order([item("A"), item("B"), item("C")], "delivered"));
    expect(html).toContain("1 x C");
    expect(html).not.toContain("more item");
  });
});
