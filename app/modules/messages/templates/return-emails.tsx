import { Heading, Section, Text } from "@react-email/components";
import { formatPrice } from "~/lib/money";
import { REFUND_METHOD_LABELS } from "~/modules/returns/return-rules";
import type { ReturnEmailData, ReturnEmailItem, ReturnRequestedEmailData } from "../email-messages";
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

function itemLine(item: ReturnEmailItem): string {
  const what = `${item.quantity} × ${item.name} (${item.color}, ${item.size})`;
  const exchange =
    item.kind === "exchange" ? ` exchanged for ${item.exchangeColor}, ${item.exchangeSize}` : " returned";
  const condition = item.condition ? ` · came back ${item.condition}` : "";
  return `${what}${exchange}${condition}`;
}

/** The request's items, the part every return e-mail shares. */
function ReturnItems({ request }: { request: ReturnEmailData }) {
  return (
    <Section style={{ border: `1px solid ${BRAND.line}`, borderRadius: "8px", padding: "12px", margin: "0 0 16px" }}>
      <Text style={{ ...text, fontWeight: 700 }}>
        Return {request.returnNumber} · order {request.orderNumber}
      </Text>
      {request.items.map((item, i) => (
        <Text key={i} style={{ ...text, fontSize: "14px", margin: "0 0 6px" }}>
          {itemLine(item)}
        </Text>
      ))}
      <Text style={{ ...mutedText, margin: "8px 0 0" }}>
        Reason: {request.reason}
        {request.reasonText ? ` (${request.reasonText})` : ""}
      </Text>
    </Section>
  );
}

/** What the step means for the buyer, in one or two sentences. */
function stepLines(request: ReturnEmailData): { title: string; lines: string[] } {
  switch (request.step) {
    case "requested":
      return {
        title: `We have your return request ${request.returnNumber}`,
        lines: [
          "We will look at it and e-mail you as soon as it is approved. Please keep the items with their tags until then.",
        ],
      };
    case "approved": {
      const lines = [];
      if (request.replacement) {
        const cash =
          request.replacement.total > 0
            ? `Please have ${formatPrice(request.replacement.total)} ready for the rider: the price difference.`
            : "There is nothing to pay.";
        lines.push(
          `We are sending your exchange as order ${request.replacement.orderNumber}. The rider collects the item you are sending back at the door. ${cash}`,
        );
      }
      if (request.items.some((i) => i.kind === "return"))
        lines.push("Please send back the items you are returning; we refund them once they reach us.");
      return { title: `Your return request ${request.returnNumber} is approved`, lines };
    }
    case "rejected":
      return {
        title: `Your return request ${request.returnNumber} was not approved`,
        lines: [
          `The reason: ${request.rejectionReason ?? "not given"}`,
          "Reply to this e-mail or contact us if you have questions.",
        ],
      };
    case "received": {
      const lines = ["The items you sent back have reached us."];
      if (request.received && request.received.damaged > 0)
        lines.push(`${request.received.damaged} of them came back damaged.`);
      if (request.storeCredit)
        lines.push(
          `${formatPrice(request.storeCredit)} was added to your store credit: the difference in price of your exchange. It pays for your next order.`,
        );
      if (request.items.some((i) => i.kind === "return"))
        lines.push("We will e-mail you when your refund is on its way.");
      return { title: `We received your return ${request.returnNumber}`, lines };
    }
    case "refunded": {
      const refund = request.refund;
      const line = refund
        ? `${formatPrice(refund.amount)} refunded by ${REFUND_METHOD_LABELS[refund.method]}${refund.reference ? `, reference ${refund.reference}` : ""}.`
        : "";
      return { title: `Your refund for ${request.returnNumber}`, lines: [line] };
    }
    case "credited":
      return {
        title: `${formatPrice(request.storeCredit ?? 0)} added to your store credit`,
        lines: [
          `For your return ${request.returnNumber}. Your store credit pays for part or all of your next order at checkout.`,
        ],
      };
  }
}

/** To the buyer, at each step of their return request. */
export function ReturnUpdateEmail({ shop, request }: { shop: EmailShop; request: ReturnEmailData }) {
  const { title, lines } = stepLines(request);
  return (
    <EmailLayout shop={shop} preview={title}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      <Text style={text}>{`Hi ${request.customerName},`}</Text>
      {lines.map((line, i) => (
        <Text key={i} style={text}>
          {line}
        </Text>
      ))}
      <ReturnItems request={request} />
      <ActionButton href={absoluteUrl(shop, request.orderPath)}>Follow your return</ActionButton>
    </EmailLayout>
  );
}

/** To the notification recipients, when a buyer asks to return or exchange items. */
export function ReturnRequestedEmail({ shop, request }: { shop: EmailShop; request: ReturnRequestedEmailData }) {
  return (
    <EmailLayout shop={shop} preview={`${request.customerName}, ${request.city}: ${request.reason}`}>
      <Heading as="h1" style={heading}>{`New return request ${request.returnNumber}`}</Heading>
      <Text style={text}>
        {`${request.customerName} from ${request.city} (${request.phone}) asks to return or exchange items of order ${request.orderNumber}`}
        {request.photoCount > 0 ? `, with ${request.photoCount} photo${request.photoCount === 1 ? "" : "s"}.` : "."}
      </Text>
      <ReturnItems request={request} />
      <ActionButton href={absoluteUrl(shop, request.returnPath)}>Approve or reject</ActionButton>
    </EmailLayout>
  );
}
