import { Column, Heading, Row, Section, Text } from "@react-email/components";
import type { OrderStatus } from "~/db/schema/statuses";
import { formatPkr } from "~/lib/money";
import { formatShopWeekdayDayMonthPk } from "~/lib/shop-time";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { OrderCancelledEmailData, OrderEmailData, OrderStatusEmailData } from "../email-messages";
import {
  absoluteUrl,
  ActionButton,
  BRAND,
  EmailLayout,
  heading,
  mutedText,
  text,
  type EmailShop,
} from "./email-layout";

function deliveryWindow(order: OrderEmailData): string {
  return `${formatShopWeekdayDayMonthPk(order.deliveryFrom)} to ${formatShopWeekdayDayMonthPk(order.deliveryTo)}`;
}

/** Items, totals and the cash to have ready: the part every order e-mail shares. */
function OrderSummary({ order, codDue = true }: { order: OrderEmailData; codDue?: boolean }) {
  const cell = { ...text, margin: "0", fontSize: "14px" };
  return (
    <Section style={{ border: `1px solid ${BRAND.line}`, borderRadius: "8px", padding: "12px", margin: "0 0 16px" }}>
      <Text style={{ ...text, fontWeight: 700 }}>Order {order.orderNumber}</Text>
      {order.items.map((item, i) => (
        <Row key={i} style={{ marginBottom: "8px" }}>
          <Column>
            <Text style={cell}>{item.name}</Text>
            <Text style={{ ...mutedText, margin: 0 }}>
              {item.color} · {item.size} · Qty {item.quantity} × {formatPkr(item.price)}
            </Text>
          </Column>
          <Column align="right" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
            <Text style={cell}>{formatPkr(item.price * item.quantity)}</Text>
          </Column>
        </Row>
      ))}
      <TotalRow label="Subtotal" value={formatPkr(order.subtotal)} />
      {(order.discountTotal ?? 0) > 0 && (
        <TotalRow
          label={order.discountCode ? `Discount (${order.discountCode})` : "Discount"}
          value={`−${formatPkr(order.discountTotal ?? 0)}`}
        />
      )}
      <TotalRow label="Shipping" value={order.shippingFee === 0 ? "Free" : formatPkr(order.shippingFee)} />
      {(order.storeCreditUsed ?? 0) > 0 && (
        <TotalRow label="Store credit" value={`−${formatPkr(order.storeCreditUsed ?? 0)}`} />
      )}
      <TotalRow label="Total" value={formatPkr(order.total)} strong />
      {codDue && order.total === 0 && (order.storeCreditUsed ?? 0) > 0 && (
        <Text
          style={{
            ...text,
            margin: "12px 0 0",
            padding: "10px",
            backgroundColor: "#ecfdf5",
            borderRadius: "6px",
            fontWeight: 600,
          }}
        >
          Nothing to pay on delivery: your store credit paid for this order.
        </Text>
      )}
      {codDue && order.total > 0 && (
        <Text
          style={{
            ...text,
            margin: "12px 0 0",
            padding: "10px",
            backgroundColor: "#fffbeb",
            borderRadius: "6px",
            color: BRAND.accent,
            fontWeight: 600,
          }}
        >
          Cash on Delivery: please have {formatPkr(order.total)} ready for the rider.
        </Text>
      )}
    </Section>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const style = { ...text, margin: "2px 0", fontSize: "14px", fontWeight: strong ? 700 : 400 };
  return (
    <Row>
      <Column>
        <Text style={style}>{label}</Text>
      </Column>
      <Column align="right">
        <Text style={style}>{value}</Text>
      </Column>
    </Row>
  );
}

function ShipTo({ order }: { order: OrderEmailData }) {
  return (
    <>
      <Text style={{ ...text, fontWeight: 700, margin: "0 0 4px" }}>Delivering to</Text>
      <Text style={text}>
        {order.customerName}
        <br />
        {order.address}, {order.city}
        <br />
        {order.phone}
      </Text>
    </>
  );
}

/** To the buyer, when their order is placed. */
export function OrderPlacedEmail({ shop, order }: { shop: EmailShop; order: OrderEmailData }) {
  return (
    <EmailLayout shop={shop} preview={`Order ${order.orderNumber}: ${formatPkr(order.total)} cash on delivery`}>
      <Heading as="h1" style={heading}>
        Thank you for your order, {order.customerName}!
      </Heading>
      <Text style={text}>
        We have your order {order.orderNumber}. We will call or WhatsApp you on {order.phone} to confirm it before we
        pack it.
      </Text>
      <Text style={text}>Expected delivery: {deliveryWindow(order)}.</Text>
      <OrderSummary order={order} />
      <ShipTo order={order} />
      <ActionButton href={absoluteUrl(shop, order.orderPath)}>View your order</ActionButton>
    </EmailLayout>
  );
}

/** To the owner, for every new order. */
export function OrderReceivedEmail({ shop, order }: { shop: EmailShop; order: OrderEmailData }) {
  return (
    <EmailLayout shop={shop} preview={`${order.customerName}, ${order.city}: ${formatPkr(order.total)}`}>
      <Heading as="h1" style={heading}>
        New order {order.orderNumber}
      </Heading>
      <Text style={text}>
        {order.customerName} from {order.city} ordered {order.items.reduce((n, i) => n + i.quantity, 0)} item(s).
        Confirm it with them before packing.
      </Text>
      <OrderSummary order={order} />
      <ShipTo order={order} />
      <ActionButton href={absoluteUrl(shop, order.orderPath)}>Open the order</ActionButton>
    </EmailLayout>
  );
}

/** To the notification recipients, when a buyer cancels their own order. */
export function OrderCancelledByBuyerEmail({ shop, order }: { shop: EmailShop; order: OrderCancelledEmailData }) {
  return (
    <EmailLayout shop={shop} preview={`${order.customerName}, ${order.city}: ${formatPkr(order.total)} cancelled`}>
      <Heading as="h1" style={heading}>{`Order ${order.orderNumber} was cancelled by the customer`}</Heading>
      <Text style={text}>
        {`${order.customerName} from ${order.city} cancelled their order while it was ${STATUS_LABELS[order.previousStatus].toLowerCase()}. `}
        Do not pack or send it. Its items are back in stock.
      </Text>
      <OrderSummary order={order} codDue={false} />
      <ShipTo order={order} />
      <ActionButton href={absoluteUrl(shop, order.orderPath)}>Open the order</ActionButton>
    </EmailLayout>
  );
}

const STATUS_LINE: Record<OrderStatus, string> = {
  awaiting_payment: "Your order is waiting for your online payment.",
  pending: "Your order is waiting for confirmation.",
  confirmed: "We have confirmed your order and will pack it soon.",
  processing: "Your order is being packed.",
  shipped: "Your order is on its way.",
  delivered: "Your order was delivered. We hope you love it!",
  cancelled: "Your order was cancelled. Nothing is owed.",
  returned: "Your order came back to us as returned.",
};

/** To the buyer, when the owner moves their order along. */
export function OrderStatusEmail({ shop, order }: { shop: EmailShop; order: OrderStatusEmailData }) {
  const owed =
    order.status === "cancelled" || order.status === "returned" || order.status === "delivered" ? null : order.total;
  return (
    <EmailLayout shop={shop} preview={STATUS_LINE[order.status]}>
      <Heading as="h1" style={heading}>{`Order ${order.orderNumber}: ${STATUS_LABELS[order.status]}`}</Heading>
      <Text style={text}>{`Hi ${order.customerName},`}</Text>
      <Text style={text}>{STATUS_LINE[order.status]}</Text>
      {(order.status === "cancelled" || order.status === "returned") && (order.storeCreditUsed ?? 0) > 0 && (
        <Text
          style={text}
        >{`The ${formatPkr(order.storeCreditUsed ?? 0)} of store credit this order used is back in your account.`}</Text>
      )}
      {order.status === "shipped" && (order.courierName || order.trackingNumber) && (
        <Text style={{ ...text, fontWeight: 600 }}>
          {order.courierName && (
            <>
              Courier: {order.courierName}
              <br />
            </>
          )}
          {order.trackingNumber && <>Tracking number: {order.trackingNumber}</>}
        </Text>
      )}
      {order.status === "shipped" && order.trackingUrl && (
        <Text style={text}>
          <a href={order.trackingUrl} style={{ color: BRAND.green, fontWeight: 600 }}>
            Track your parcel with {order.courierName ?? "the courier"}
          </a>
        </Text>
      )}
      {owed !== null && <Text style={text}>Expected delivery: {deliveryWindow(order)}.</Text>}
      <OrderSummary order={order} codDue={owed !== null} />
      <ActionButton href={absoluteUrl(shop, order.orderPath)}>Follow your order</ActionButton>
    </EmailLayout>
  );
}
