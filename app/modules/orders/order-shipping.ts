import type { PaymentStatus } from "./order-lifecycle";

/** What shipping keeps on an order beside its status: the courier's name, the tracking number, the COD payment. */
export type OrderShippingFields = {
  courierName?: string | null;
  trackingNumber?: string | null;
  paymentStatus?: PaymentStatus;
};
