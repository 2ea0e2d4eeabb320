import { ORDER_CHANNELS, type OrderChannel } from "~/db/schema/statuses";

/** The channels the owner enters orders from (the web shop's own orders come from checkout). */
export const ENTERED_CHANNELS = ORDER_CHANNELS.filter((c): c is Exclude<OrderChannel, "web"> => c !== "web");
export type EnteredChannel = (typeof ENTERED_CHANNELS)[number];

export const CHANNEL_LABELS: Record<OrderChannel, string> = {
  web: "Website",
  phone: "Phone",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
};
export type { OrderChannel };
