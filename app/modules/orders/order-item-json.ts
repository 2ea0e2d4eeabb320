import { lineTotal } from "~/modules/cart/cart-totals";
import { mediaUrl } from "~/modules/media/image-url";

type OrderItemFields = {
  productId: string | null;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
};

/** An order line as the JSON API shows it, in the order list and in one order alike. */
export function orderItemJson(item: OrderItemFields) {
  return {
    productId: item.productId,
    name: item.name,
    color: item.color,
    size: item.size,
    price: item.price,
    quantity: item.quantity,
    lineTotal: lineTotal(item.price, item.quantity),
    image: item.imageKey ? mediaUrl(item.imageKey) : null,
  };
}
