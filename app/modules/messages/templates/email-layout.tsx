import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

/** The shop as e-mails show it: its name, contacts and the address links start from. */
export type EmailShop = {
  name: string;
  contactEmail: string;
  phone: string;
  address: string;
  city: string;
  publicUrl: string;
};

/** The storefront's own colours (app.css), so an e-mail looks like the shop. */
export const BRAND = {
  green: "#2f5d50",
  greenDark: "#1b3830",
  tint: "#f5f7f4",
  accent: "#b45309",
  ink: "#1c1917",
  muted: "#57534e",
  line: "#e7e5e4",
};

export const text: CSSProperties = { color: BRAND.ink, fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" };
export const mutedText: CSSProperties = { ...text, color: BRAND.muted, fontSize: "13px", lineHeight: "19px" };
export const heading: CSSProperties = {
  color: BRAND.greenDark,
  fontSize: "20px",
  lineHeight: "26px",
  fontWeight: 700,
  margin: "0 0 12px",
};

/** One column, at most 560 px wide, system fonts: readable on a small phone and in every mail app. */
export function EmailLayout({
  shop,
  preview,
  children,
  footerNote,
}: {
  shop: EmailShop;
  preview: string;
  children: ReactNode;
  footerNote?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: BRAND.tint,
          margin: 0,
          padding: "16px 8px",
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
        }}
      >
        <Container
          style={{
            maxWidth: "560px",
            margin: "0 auto",
            backgroundColor: "#ffffff",
            borderRadius: "12px",
            overflow: "hidden",
          }}
        >
          <Section style={{ backgroundColor: BRAND.green, padding: "16px 20px" }}>
            <Link
              href={shop.publicUrl}
              style={{ color: "#ffffff", fontSize: "20px", fontWeight: 700, textDecoration: "none" }}
            >
              {shop.name}
            </Link>
          </Section>
          <Section style={{ padding: "20px" }}>{children}</Section>
          <Hr style={{ borderColor: BRAND.line, margin: 0 }} />
          <Section style={{ padding: "16px 20px" }}>
            {footerNote}
            <Text style={mutedText}>
              {shop.name} · {shop.address}, {shop.city} · {shop.phone} ·{" "}
              <Link href={`mailto:${shop.contactEmail}`} style={{ color: BRAND.green }}>
                {shop.contactEmail}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A wide, thumb-sized call to action. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      style={{
        display: "inline-block",
        backgroundColor: BRAND.green,
        color: "#ffffff",
        padding: "12px 20px",
        borderRadius: "8px",
        fontWeight: 600,
        fontSize: "15px",
        textDecoration: "none",
        margin: "4px 0 16px",
      }}
    >
      {children}
    </Link>
  );
}

export function absoluteUrl(shop: EmailShop, path: string): string {
  return new URL(path, shop.publicUrl).toString();
}
