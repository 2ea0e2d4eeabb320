import type { ReactNode } from "react";
import { refusalFrom } from "~/http/form-reply";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CourierCash } from "~/modules/shipping/settlements/cash-with-couriers.server";
import type { DeliveryRates as Rates } from "~/modules/shipping/settlements/delivery-rates.server";
import type { DiscrepancyPage, DiscrepancyView } from "~/modules/shipping/settlements/discrepancies.server";
import type { OrderShipment } from "~/modules/shipping/booking/shipment-for-order.server";
import { CashWithCouriers } from "./cash-with-couriers";
import { DeliveryRates } from "./delivery-rates";
import { DiscrepancyList } from "./discrepancy-list";
import { ShipmentDetails } from "./shipment-details";

/** Renders `node` on `path` inside a router (links and forms need one), as the server would. */
function render(node: ReactNode, path = "/seller/shipping/discrepancies?status=open") {
  const Stub = createRoutesStub([{ path: path.split("?")[0], Component: () => <>{node}</> }]);
  return renderToString(<Stub initialEntries={[path]} />);
}
/** The words a reader sees: inline tags and React's text separators vanish, other tags part words. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<\/?(a|strong|time)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const item = (over: Partial<DiscrepancyView>): DiscrepancyView => ({
  id: 1,
  kind: "amount-differs",
  kindText: "Paid a different amount",
  courierName: "TCS",
  orderId: "6f1c2a4e-0000-4000-8000-000000000001",
  orderNumber: "ORD-100001",
  settlementReference: "TCS-PAY-1",
  expected: 2500,
  actual: 2450,
  difference: -50,
  detail: "Short by Rs 50",
  createdAt: "2025-06-08T10:00:00.000Z",
  resolvedAt: null,
  resolvedByName: null,
  resolvedNote: null,
  ...over,
});
const page = (items: DiscrepancyView[], over: Partial<DiscrepancyPage> = {}): DiscrepancyPage => ({
  status: "open",
  items,
  page: 1,
  pageCount: 1,
  open: items.length,
  resolved: 4,
  ...over,
});

describe("DiscrepancyList", () => {
  it("shows each open one with its figures and a Resolve form that posts without JavaScript", () => {
    const html = render(
      <DiscrepancyList
        page={page([
          item({}),
          item({
            id: 2,
            kind: "not-settled",
            kindText: "Delivered, not paid after 10 days",
            actual: null,
            difference: null,
            orderNumber: "ORD-100002",
            settlementReference: null,
          }),
        ])}
      />,
    );
    const words = text(html);
    expect(words).toContain("Paid a different amount");
    expect(words).toContain("TCS · ORD-100001 · Settlement TCS-PAY-1");
    expect(words).toContain("Expected Rs 2,500 Reported Rs 2,450 Difference −Rs 50");
    expect(words).toContain("Delivered, not paid after 10 days");
    // Posted to the page it is on (its action resolves), with its search.
    expect(
      html.match(/<form [^>]*action="\/seller\/shipping\/discrepancies\?status=open" method="post"/g),
    ).toHaveLength(2);
    expect(html).toContain('<input type="hidden" name="intent" value="resolve-discrepancy"/>');
    expect(html).toContain('<input type="hidden" name="id" value="2"/>');
    expect(html).toContain('<input type="hidden" name="returnTo" value="/seller/shipping/discrepancies?status=open"/>');
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*required=""[^>]*minLength="3"[^>]*maxLength="500"/);
    expect(html.match(/>Resolve<\/button>/g)).toHaveLength(2);
    // The toggle with its counts, and the export of what is shown.
    expect(html).toMatch(
      /<a aria-current="page"[^>]*href="\/seller\/shipping\/discrepancies\?status=open"[^>]*>Open<!-- --> \(<!-- -->2<!-- -->\)/,
    );
    expect(html).toMatch(
      /<a class="[^"]*" href="\/seller\/shipping\/discrepancies\?status=resolved"[^>]*>Resolved<!-- --> \(<!-- -->4<!-- -->\)/,
    );
    expect(html).toContain('href="/seller/shipping/discrepancies.csv?status=open"');
    expect(html).toContain(`href="/orders/6f1c2a4e-0000-4000-8000-000000000001"`);
  });

  it("puts a refusal beside the note of its own item, keeping what was typed", () => {
    const typed = { intent: "resolve-discrepancy", id: "2", note: "ok" };
    const refusal = refusalFrom(typed, {
      formError: "Please write at least 3 characters",
      fieldErrors: { note: "Please write at least 3 characters" },
    });
    const html = render(<DiscrepancyList page={page([item({}), item({ id: 2 })])} refusal={refusal} />);
    expect(html.match(/field-error/g)).toHaveLength(1);
    expect(html).toMatch(
      /<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)-error"[^>]*>ok<\/textarea><p id="\1-error" class="field-error">Please write at least 3 characters<\/p>/,
    );
    // A refusal about the item itself (resolved already) is an alert in it; one about an item not shown, above the list.
    const twice = render(
      <DiscrepancyList
        page={page([item({ id: 2 })])}
        refusal={refusalFrom(typed, { formError: "This discrepancy was already resolved by Sana on 9 Jun 2025." })}
      />,
    );
    expect(twice).toMatch(/<p role="alert"[^>]*>This discrepancy was already resolved by Sana on 9 Jun 2025.<\/p>/);
    const elsewhere = render(
      <DiscrepancyList
        page={page([item({ id: 3 })])}
        refusal={refusalFrom(typed, { formError: "That discrepancy no longer exists" })}
      />,
    );
    expect(elsewhere).toMatch(/<p role="alert"[^>]*>That discrepancy no longer exists<\/p>/);
  });

  it("shows resolved ones with their note and no form, pages them, and a compact list links to the rest", () => {
    const resolved = render(
      <DiscrepancyList
        page={page(
          [item({ resolvedAt: "2025-06-09T10:00:00.000Z", resolvedByName: "Sana", resolvedNote: "Paid on Friday" })],
          { status: "resolved", page: 2, pageCount: 3 },
        )}
      />,
      "/seller/shipping/discrepancies?status=resolved&page=2",
    );
    expect(text(resolved)).toContain("Resolved 9 Jun 2025 by Sana: Paid on Friday");
    expect(resolved).not.toContain("<form");
    expect(resolved).toContain('href="/seller/shipping/discrepancies?status=resolved"');
    expect(resolved).toContain('href="/seller/shipping/discrepancies?status=resolved&amp;page=3"');
    expect(text(resolved)).toContain("Page 2 of 3");

    const compact = render(
      <DiscrepancyList page={page([item({})], { open: 12 })} compact action="/seller/shipping/discrepancies" />,
      "/seller/shipping",
    );
    expect(compact).not.toContain('aria-label="Show"');
    expect(compact).toContain('action="/seller/shipping/discrepancies"');
    expect(compact).toContain('<input type="hidden" name="returnTo" value="/seller/shipping"/>');
    expect(text(compact)).toContain("See all 12 open discrepancies");
    expect(text(render(<DiscrepancyList page={page([])} />))).toContain("No open discrepancies");
  });
});

describe("CashWithCouriers", () => {
  const rows: CourierCash[] = [
    {
      courierId: 1,
      courierName: "TCS",
      parcels: 12,
      amount: 45_300,
      oldestDeliveredAt: "2025-05-28T09:00:00.000Z",
      oldestDays: 13,
      overdueParcels: 3,
      overdueDays: 10,
    },
    {
      courierId: 2,
      courierName: "Leopards",
      parcels: 1,
      amount: 800,
      oldestDeliveredAt: "2025-06-10T09:00:00.000Z",
      oldestDays: 0,
      overdueParcels: 0,
      overdueDays: 10,
    },
  ];

  it("totals the cash and lists each courier's parcels, oldest wait and overdue ones", () => {
    const words = text(
      render(
        <CashWithCouriers
          rows={rows}
          more={{ to: "/seller/shipping/discrepancies", label: "Settlement discrepancies" }}
        />,
        "/seller-dashboard",
      ),
    );
    expect(words).toContain("Cash with couriers PKR 46,100");
    expect(words).toContain("13 delivered parcels the couriers have not paid for yet.");
    expect(words).toContain("TCS PKR 45,300 12 parcels · oldest 13 days 3 overdue (waiting more than 10 days)");
    expect(words).toContain("Leopards PKR 800 1 parcel · oldest today");
    expect(words).toContain("Settlement discrepancies");
  });

  it("says so when the couriers owe nothing", () => {
    expect(text(render(<CashWithCouriers rows={[]} />, "/"))).toContain(
      "Cash with couriers PKR 0 Nothing: couriers have paid for every delivered parcel.",
    );
  });
});

describe("DeliveryRates", () => {
  const rates: Rates = {
    days: 30,
    by: "courier",
    since: "2025-05-11T19:00:00.000Z",
    rows: [
      {
        label: "TCS",
        booked: 5,
        delivered: 4,
        returned: 0,
        deliveryRate: 100,
        avgDaysToDeliver: 2.1,
        avgCostPerDelivered: 268,
      },
      {
        label: "PostEx",
        booked: 1,
        delivered: 0,
        returned: 1,
        deliveryRate: 0,
        avgDaysToDeliver: null,
        avgCostPerDelivered: null,
      },
    ],
    total: {
      label: "All couriers",
      booked: 6,
      delivered: 4,
      returned: 1,
      deliveryRate: 80,
      avgDaysToDeliver: 2.1,
      avgCostPerDelivered: 268,
    },
  };

  it("switches period and grouping with links, keeping the other choice", () => {
    const html = render(<DeliveryRates rates={rates} />, "/seller/shipping/rates");
    expect(html).toMatch(
      /<a aria-current="true"[^>]*href="\/seller\/shipping\/rates\?days=30&amp;by=courier"[^>]*>30 days/,
    );
    expect(html).toMatch(
      /<a aria-current="true"[^>]*href="\/seller\/shipping\/rates\?days=30&amp;by=courier"[^>]*>By courier/,
    );
    expect(html).toMatch(/<a class="[^"]*" href="\/seller\/shipping\/rates\?days=90&amp;by=courier"[^>]*>90 days/);
    expect(html).toContain('href="/seller/shipping/rates?days=90&amp;by=courier"');
    expect(html).toContain('href="/seller/shipping/rates?days=30&amp;by=city"');
    const embedded = render(
      <DeliveryRates rates={{ ...rates, days: 90, by: "city" }} basePath="/seller/shipping" />,
      "/seller/shipping",
    );
    expect(embedded).toContain('href="/seller/shipping?days=30&amp;by=city"');
  });

  it("shows each row's figures, a dash where there are none, and the total", () => {
    const cells = (html: string) =>
      [...html.matchAll(/<tr data-testid="rate-row"[^>]*>(.*?)<\/tr>/g)].map((m) =>
        [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => text(c[1]).trim()),
      );
    const html = render(<DeliveryRates rates={rates} />, "/seller/shipping/rates");
    expect(cells(html)).toEqual([
      [
        "TCS",
        "Booked 5",
        "Delivered 4",
        "Returned (RTO) 0",
        "Delivery rate 100%",
        "Avg days to deliver 2.1",
        "Avg cost per delivery PKR 268",
      ],
      [
        "PostEx",
        "Booked 1",
        "Delivered 0",
        "Returned (RTO) 1",
        "Delivery rate 0%",
        "Avg days to deliver —",
        "Avg cost per delivery —",
      ],
      [
        "All couriers",
        "Booked 6",
        "Delivered 4",
        "Returned (RTO) 1",
        "Delivery rate 80%",
        "Avg days to deliver 2.1",
        "Avg cost per delivery PKR 268",
      ],
    ]);
    expect(
      text(render(<DeliveryRates rates={{ ...rates, rows: [], total: null }} />, "/seller/shipping/rates")),
    ).toContain("No parcels booked in the last 30 days.");
  });
});

describe("ShipmentDetails", () => {
  const shipment: OrderShipment = {
    courierName: "TCS",
    trackingNumber: "7712345",
    trackingUrl: "https://tcs.example.pk/track/7712345",
    weightGrams: 800,
    pieces: 2,
    codAmount: 4000,
    estimatedCharge: 280,
    collectedAmount: 4000,
    chargedAmount: 320,
    taxWithheld: null,
    netPaid: 3680,
    bookedAt: "2025-05-20T00:00:00.000Z",
    deliveredAt: "2025-05-22T12:00:00.000Z",
    returnedAt: null,
    events: [
      { status: "Booked", at: "2025-05-20T00:00:00.000Z" },
      { status: "Delivered", at: "2025-05-22T12:00:00.000Z" },
    ],
    settlement: { reference: "TCS-PAY-1001", paidOn: "2025-06-02" },
    openDiscrepancies: 1,
  };

  it("shows courier, tracking link, parcel, costs, statuses with their times and the settlement", () => {
    const html = render(<ShipmentDetails shipment={shipment} />, "/orders/x");
    const words = text(html);
    expect(html).toContain('href="https://tcs.example.pk/track/7712345"');
    expect(words).toContain("Courier TCS");
    expect(words).toContain("Parcel 0.80 kg, 2 pieces");
    expect(words).toContain("Estimated cost Rs 280 Charged Rs 320 (Rs 40 above the estimate)");
    expect(words).toContain("Settlement TCS-PAY-1001, paid 2 Jun 2025: collected Rs 4,000, paid to the shop Rs 3,680");
    expect(words).toContain("1 open discrepancy about this parcel");
    expect(words).toContain("20 May 2025, 05:00: Booked");
    // Tax withheld from the COD (2 % + 2 %) is said between what was collected and what was paid.
    expect(
      text(render(<ShipmentDetails shipment={{ ...shipment, taxWithheld: 160, netPaid: 3520 }} />, "/orders/x")),
    ).toContain("collected Rs 4,000, tax withheld Rs 160, paid to the shop Rs 3,520");
    expect(words).toContain("22 May 2025, 17:00: Delivered");
  });

  it("says what is missing yet: tracking number, statuses, payment", () => {
    const words = text(
      render(
        <ShipmentDetails
          shipment={{
            ...shipment,
            trackingNumber: null,
            trackingUrl: null,
            chargedAmount: null,
            collectedAmount: null,
            netPaid: null,
            settlement: null,
            events: [],
            openDiscrepancies: 0,
          }}
        />,
        "/orders/x",
      ),
    );
    expect(words).toContain("Tracking number Not yet given");
    expect(words).toContain("Charged —");
    expect(words).toContain("Settlement Not yet paid by the courier");
    expect(words).toContain("None imported yet.");
  });
});
