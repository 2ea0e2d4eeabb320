import { Heading, Link, Section, Text } from "@react-email/components";
import type { LowStockDigestData } from "../email-messages";
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

/** To the notification recipients at 9:00: what is low today, each line linking to the product's edit page. */
export function LowStockDigestEmail({ shop, digest }: { shop: EmailShop; digest: LowStockDigestData }) {
  const count = digest.items.length + digest.more;
  const cell = {
    ...text,
    margin: "0",
    fontSize: "14px",
    padding: "4px 8px 4px 0",
    borderBottom: `1px solid ${BRAND.line}`,
  };
  const head = { ...cell, fontWeight: 700 };
  return (
    <EmailLayout shop={shop} preview={`${count} ${count === 1 ? "size is" : "sizes are"} low in stock`}>
      <Heading as="h1" style={heading}>
        Low stock today
      </Heading>
      <Text style={text}>
        These colours and sizes of products on sale have as many pieces as their low-stock alert, or fewer.
      </Text>
      <Section style={{ margin: "0 0 16px" }}>
        <table
          cellPadding={0}
          cellSpacing={0}
          role="presentation"
          style={{ width: "100%", borderCollapse: "collapse" }}
        >
          <thead>
            <tr>
              <th align="left" style={head}>
                Product
              </th>
              <th align="left" style={head}>
                Colour
              </th>
              <th align="left" style={head}>
                Size
              </th>
              <th align="right" style={head}>
                Stock
              </th>
              <th align="right" style={head}>
                Alert at
              </th>
            </tr>
          </thead>
          <tbody>
            {digest.items.map((item, i) => (
              <tr key={i}>
                <td style={cell}>
                  <Link href={absoluteUrl(shop, item.editPath)} style={{ color: BRAND.green }}>
                    {item.name}
                  </Link>
                </td>
                <td style={cell}>{item.color}</td>
                <td style={cell}>{item.size}</td>
                <td align="right" style={cell}>
                  {item.stock === 0 ? "0 (sold out)" : item.stock}
                </td>
                <td align="right" style={cell}>
                  {item.threshold}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {digest.more > 0 && (
          <Text style={{ ...mutedText, marginTop: "8px" }}>And {digest.more} more: the inventory lists them all.</Text>
        )}
      </Section>
      <ActionButton href={absoluteUrl(shop, digest.inventoryPath)}>Open low stock in Products</ActionButton>
      <Text style={mutedText}>Sent once a day at 9:00 when something is low. Turn it off in Settings, Low stock.</Text>
    </EmailLayout>
  );
}
