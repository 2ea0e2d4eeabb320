import { plainTextSelectors, render, toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import type { EmailKind } from "~/db/schema/statuses";
import type { EmailDataByKind } from "./email-messages";
import type { EmailShop } from "./templates/email-layout";
import {
  ContactMessageEmail,
  NotifyConfirmEmail,
  NotifyMeEmail,
  PasswordChangedEmail,
  SellerRoleEmail,
  TestEmail,
} from "./templates/notice-emails";
import { CartReminderEmail } from "./templates/cart-reminder-email";
import { LowStockDigestEmail } from "./templates/low-stock-email";
import { ReturnRequestedEmail, ReturnUpdateEmail } from "./templates/return-emails";
import {
  OrderCancelledByBuyerEmail,
  OrderPlacedEmail,
  OrderReceivedEmail,
  OrderStatusEmail,
} from "./templates/order-emails";

type Templates = { [K in EmailKind]: (shop: EmailShop, data: EmailDataByKind[K]) => ReactElement };

const TEMPLATES: Templates = {
  order_placed: (shop, order) => <OrderPlacedEmail shop={shop} order={order} />,
  order_received: (shop, order) => <OrderReceivedEmail shop={shop} order={order} />,
  order_status: (shop, order) => <OrderStatusEmail shop={shop} order={order} />,
  contact_message: (shop, message) => <ContactMessageEmail shop={shop} message={message} />,
  notify_me: (shop, notice) => <NotifyMeEmail shop={shop} notice={notice} />,
  notify_me_confirm: (shop, request) => <NotifyConfirmEmail shop={shop} request={request} />,
  password_changed: (shop, account) => <PasswordChangedEmail shop={shop} account={account} />,
  seller_role_granted: (shop, account) => <SellerRoleEmail shop={shop} account={account} granted />,
  seller_role_revoked: (shop, account) => <SellerRoleEmail shop={shop} account={account} granted={false} />,
  order_cancelled_by_buyer: (shop, order) => <OrderCancelledByBuyerEmail shop={shop} order={order} />,
  test_email: (shop, test) => <TestEmail shop={shop} test={test} />,
  cart_reminder: (shop, cart) => <CartReminderEmail shop={shop} cart={cart} />,
  return_update: (shop, request) => <ReturnUpdateEmail shop={shop} request={request} />,
  return_requested: (shop, request) => <ReturnRequestedEmail shop={shop} request={request} />,
  low_stock_digest: (shop, digest) => <LowStockDigestEmail shop={shop} digest={digest} />,
};

// Headings stay as written in the plain-text part (html-to-text shouts them in capitals by default).
const PLAIN_TEXT_SELECTORS = [...plainTextSelectors, { selector: "h1", options: { uppercase: false } }];

/** The HTML and plain-text parts of one e-mail. */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  data: EmailDataByKind[K],
  shop: EmailShop,
): Promise<{ html: string; text: string }> {
  const template = TEMPLATES[kind] as (shop: EmailShop, data: EmailDataByKind[K]) => ReactElement;
  const html = await render(template(shop, data));
  return { html, text: toPlainText(html, { selectors: PLAIN_TEXT_SELECTORS }) };
}
