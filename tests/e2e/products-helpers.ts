import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";

/** A small real photo (PNG or JPEG) for the file input or the API. */
export async function photo(name: string, color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const image = sharp({ create: { width: 480, height: 600, channels: 3, background: color } });
  const isJpeg = name.endsWith(".jpg");
  return {
    name,
    mimeType: isJpeg ? "image/jpeg" : "image/png",
    buffer: await (isJpeg ? image.jpeg() : image.png()).toBuffer(),
  };
}

/** A product's card on the owner's inventory page. */
export function inventoryCard(page: Page, name: string): Locator {
  return page
    .getByTestId("inventory-list")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Creates an active product through the owner's API (multipart with two photos); returns its id. */
export async function createProductByApi(
  request: APIRequestContext,
  product: Record<string, unknown>,
): Promise<string> {
  const [front, back] = await Promise.all([photo("front.png", "#14532d"), photo("back.jpg", "#7c2d12")]);
  const res = await request.post("/api/products", {
    multipart: {
      product: JSON.stringify({
        category: "t-shirts",
        description: "Made for the e2e suite.",
        price: 1999,
        stock: 6,
        colors: ["Black"],
        sizes: ["M", "L"],
        status: "active",
        ...product,
      }),
      images: front,
      // Playwright sends one file per field name; the second goes as the same field below.
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  const more = await request.post(`/api/products/${id}/images`, { multipart: { images: back } });
  expect(more.status(), await more.text()).toBe(201);
  return id;
}
