import { Heading, Link, Text } from "@react-email/components";
import type {
  AccountEmailData,
  ContactEmailData,
  NotifyConfirmEmailData,
  NotifyMeEmailData,
  TestEmailData,
} from "../email-messages";
import { formatShopDateTimePk } from "~/lib/shop-time";
import { CONTACT_POSSIBLE_SPAM_NOTE } from "~/modules/contact/contact-messages";
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

/** To the owner: someone wrote through the contact form. Reply goes straight to them. */
export function ContactMessageEmail({ shop, message }: { shop: EmailShop; message: ContactEmailData }) {
  return (
    <EmailLayout shop={shop} preview={`${message.name}: ${message.subject}`}>
      <Heading as="h1" style={heading}>
        New message from {message.name}
      </Heading>
      <Text style={mutedText}>
        From {message.name} &lt;{message.email}&gt; · Subject: {message.subject}
      </Text>
      {message.possibleSpam && <Text style={mutedText}>{CONTACT_POSSIBLE_SPAM_NOTE}</Text>}
      <Text style={{ ...text, whiteSpace: "pre-wrap", borderLeft: `3px solid ${BRAND.line}`, paddingLeft: "12px" }}>
        {message.message}
      </Text>
      <ActionButton href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
        Reply to {message.name}
      </ActionButton>
      <Text style={mutedText}>
        It is also in your{" "}
        <Link href={absoluteUrl(shop, message.inboxPath)} style={{ color: BRAND.green }}>
          dashboard inbox
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

/** Notify Me: what the shopper asked about is on sale. Carries its own unsubscribe link. */
export function NotifyMeEmail({ shop, notice }: { shop: EmailShop; notice: NotifyMeEmailData }) {
  const what = notice.what === "category" ? `The ${notice.name} collection` : notice.name;
  const line = notice.reason === "restocked" ? `${what} is back in stock.` : `${what} is now available.`;
  return (
    <EmailLayout
      shop={shop}
      preview={line}
      footerNote={
        <Text style={mutedText}>
          You asked us to tell you about {notice.name}.{" "}
          <Link href={absoluteUrl(shop, notice.unsubscribePath)} style={{ color: BRAND.green }}>
            Unsubscribe
          </Link>{" "}
          from these e-mails.
        </Text>
      }
    >
      <Heading as="h1" style={heading}>
        {line}
      </Heading>
      <Text style={text}>You asked us to let you know. Sizes and colours go quickly, so have a look soon.</Text>
      <ActionButton href={absoluteUrl(shop, notice.path)}>Shop now</ActionButton>
    </EmailLayout>
  );
}

/** Notify Me double opt-in: nothing is sent about the item until this link is followed. */
export function NotifyConfirmEmail({ shop, request }: { shop: EmailShop; request: NotifyConfirmEmailData }) {
  return (
    <EmailLayout
      shop={shop}
      preview="Confirm your e-mail address"
      footerNote={
        <Text style={mutedText}>
          If you did not ask for this, ignore this e-mail: you will hear nothing more from us about it.
        </Text>
      }
    >
      <Heading as="h1" style={heading}>
        Confirm your Notify Me request
      </Heading>
      <Text style={text}>
        Someone, hopefully you, asked {shop.name} to e-mail this address when {request.name} is available. Please
        confirm that this is your address.
      </Text>
      <ActionButton href={absoluteUrl(shop, request.confirmPath)}>Yes, notify me</ActionButton>
      <Text style={mutedText}>The link works once and expires in {request.expiresHours} hours.</Text>
    </EmailLayout>
  );
}

/** To the account holder after their password changed: sent whatever their e-mail settings say. */
export function PasswordChangedEmail({ shop, account }: { shop: EmailShop; account: AccountEmailData }) {
  return (
    <EmailLayout shop={shop} preview="Your password was changed">
      <Heading as="h1" style={heading}>
        Your password was changed
      </Heading>
      <Text style={text}>
        Hi {account.name}, the password of your {shop.name} account was changed on {formatShopDateTimePk(account.at)}{" "}
        (Pakistan time). Other devices were signed out.
      </Text>
      <Text style={text}>
        If this was not you, contact us at once on {shop.phone} or {shop.contactEmail}.
      </Text>
      <ActionButton href={absoluteUrl(shop, account.dashboardPath)}>Open your account</ActionButton>
    </EmailLayout>
  );
}

/** To the person whose seller role was given or taken away. */
export function SellerRoleEmail({
  shop,
  account,
  granted,
}: {
  shop: EmailShop;
  account: AccountEmailData;
  granted: boolean;
}) {
  return (
    <EmailLayout shop={shop} preview={granted ? "You can now run the shop" : "Your seller access was removed"}>
      <Heading as="h1" style={heading}>
        {granted ? `Welcome to the ${shop.name} team` : "Your seller access was removed"}
      </Heading>
      <Text style={text}>
        Hi {account.name},{" "}
        {granted
          ? "you can now see orders, products and the shop's settings in the seller dashboard."
          : "your account can no longer open the seller dashboard. It stays a customer account."}
      </Text>
      <ActionButton href={absoluteUrl(shop, account.dashboardPath)}>
        {granted ? "Open the dashboard" : "Open your account"}
      </ActionButton>
    </EmailLayout>
  );
}

/** The Settings page's test: the notification recipients learn what they will receive, and from where it is changed. */
export function TestEmail({ shop, test }: { shop: EmailShop; test: TestEmailData }) {
  return (
    <EmailLayout shop={shop} preview="Order notices reach this address">
      <Heading as="h1" style={heading}>
        Order notices reach you
      </Heading>
      <Text style={text}>
        {`This is a test e-mail from ${shop.name}, sent by ${test.requestedBy} on ${formatShopDateTimePk(test.at)} (Pakistan time). `}
        New orders, cancellations by customers and contact messages are e-mailed to: {test.recipients.join(", ")}.
      </Text>
      <Text style={text}>
        Nothing else to do. To change who gets them, edit the notification recipients in Settings.
      </Text>
      <ActionButton href={absoluteUrl(shop, test.settingsPath)}>Open Settings</ActionButton>
    </EmailLayout>
  );
}
