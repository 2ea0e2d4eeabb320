import { headersFor, type ServerProcess } from "../tests/factories/server-process";

/** Test helpers shared by the fault and backup tests, which drive a real server over HTTP. */

export const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "0300 1234567",
  address: "House 12, Street 4, DHA Phase 6",
  city: "Karachi",
};
/** Long and uncommon enough for any password rule. */
export const TEST_PASSWORD = "Kapra-Fault-Test-Pass-2026";

export type Variant = { productId: string; color: string; size: string; stock: number };
type ProductJson = {
  data: {
    id: string;
    variants: { color: string; size: string; stock: number }[];
    images?: { sources?: { key: string }[] }[];
  };
};

/** Every variant on sale with stock, most stocked first, from the public API. */
export async function variantsInStock(server: Pick<ServerProcess, "url">): Promise<Variant[]> {
  const { data } = (await fetch(`${server.url}/api/products`).then((r) => r.json())) as {
    data: { products: { id: string }[] };
  };
  const products = await Promise.all(
    data.products.map((p) => fetch(`${server.url}/api/products/${p.id}`).then((r) => r.json() as Promise<ProductJson>)),
  );
  return products
    .flatMap((p) => p.data.variants.filter((v) => v.stock > 0).map((v) => ({ productId: p.data.id, ...v })))
    .sort((a, b) => b.stock - a.stock);
}

/** One variant's stock now, from the public API. */
export async function stockNow(server: Pick<ServerProcess, "url">, variant: Omit<Variant, "stock">): Promise<number> {
  const { data } = (await fetch(`${server.url}/api/products/${variant.productId}`).then((r) =>
    r.json(),
  )) as ProductJson;
  return data.variants.find((v) => v.color === variant.color && v.size === variant.size)!.stock;
}

/** POST /api/orders as documented (docs/api.md): the status and the JSON answer. */
export async function placeOrderOverHttp(
  server: Pick<ServerProcess, "url">,
  {
    cookie,
    ip,
    key,
    items,
    signal,
  }: {
    cookie: string;
    ip: string;
    key: string;
    items: { productId: string; color: string; size: string; quantity: number }[];
    signal?: AbortSignal;
  },
): Promise<{
  status: number;
  body: { data?: { orderId: string; orderNumber: string }; error?: { code: string; message: string } };
}> {
  const res = await fetch(`${server.url}/api/orders`, {
    method: "POST",
    headers: { ...headersFor(server, { cookie, ip }), "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ items, shipping: SHIPPING, paymentMethod: "cod" }),
    signal,
  });
  const text = await res.text();
  let body = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: { code: "NOT_JSON", message: text.slice(0, 200) } };
  }
  return { status: res.status, body };
}
