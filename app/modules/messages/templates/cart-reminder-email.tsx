import { Column, Heading, Link, Row, Section, Text } from "@react-email/components";
import { formatPkr } from "~/lib/money";
import type { CartReminderEmailData } from "../email-messages";
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

/** To a buyer who opted in to marketing e-mails: the cart they left a day ago, at today's prices. Carries its own unsubscribe link. */
export function CartReminderEmail({ shop, cart }: { shop: EmailShop; cart: CartReminderEmailData }) {
  const cell = { ...text, margin: "0", fontSize: "14px" };
  return (
    <EmailLayout
      shop={shop}
      preview="Your cart is waiting for you"
      footerNote={
        <Text style={mutedText}>
          You get this because you agreed to offers and news from {shop.name}.{" "}
          <Link href={absoluteUrl(shop, cart.unsubscribePath)} style={{ color: BRAND.green }}>
            Unsubscribe
          </Link>{" "}
          from these e-mails.
        </Text>
      }
    >
      <Heading as="h1" style={heading}>
        Your cart is waiting, {cart.name}
      </Heading>
      <Text style={text}>
        You left these in your cart. Prices and stock are as they are now; cash on delivery as always.
      </Text>
      <Section style={{ border: `1px solid ${BRAND.line}`, borderRadius: "8px", padding: "12px", margin: "0 0 16px" }}>
        {cart.items.map((item, i) => (
          <Row key={i} style={{ marginBottom: "8px" }}>
            <Column>
              <Text style={cell}>{item.name}</Text>
              <Text style={{ ...mutedText, margin: 0 }}>
                {item.color} · {item.size} · Qty {item.quantity} × {formatPkr(item.price)}
                {item.stockNote ? ` · ${item.stockNote}` : ""}
              </Text>
            </Column>
            <Column align="right" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
              <Text style={cell}>{formatPkr(item.price * item.quantity)}</Text>
            </Column>
          </Row>
        ))}
        <Text style={{ ...text, margin: "8px 0 0", fontWeight: 700 }}>Subtotal {formatPkr(cart.subtotal)}</Text>
      </Section>
      <ActionButton href={absoluteUrl(shop, cart.cartPath)}>Back to your cart</ActionButton>
    </EmailLayout>
  );
}
