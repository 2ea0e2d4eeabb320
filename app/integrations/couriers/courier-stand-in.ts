import { SHOP_UTC_OFFSET_MS } from "~/lib/shop-time";

// The stand-in server plumbing, shared with the payment gateways' stand-ins.
export {
  startStandInServer as startCourierServer,
  type SeenRequest,
  type StandInReply,
  type StandInRequest,
  type StandInServer as CourierStandInServer,
} from "../http-stand-in";

/** Pakistan wall time of an instant, "2026-11-24T14:05:00", as couriers write it (no zone). */
export function pakistanWallTime(at: Date): string {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 19);
}

/** Rupees with paisa as a courier writes them, from paisa: 19118 -> 191.18 (a JSON number). */
export function rupees(paisa: number): number {
  return Math.round(paisa) / 100;
}

/** Paisa from what a test hands over: 191.18, "191.18" or 191 (no floating-point drift). */
export function toPaisa(amount: number | string): number {
  const textual = String(amount).trim();
  const negative = textual.startsWith("-");
  const [whole, fraction = ""] = textual.replace(/^-/, "").split(".");
  const paisa = Number(whole || "0") * 100 + Number((fraction + "00").slice(0, 2));
  return negative ? -paisa : paisa;
}

/** A tiny PDF, enough for a client to know it got one. */
export function tinyPdf(title: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** The cities both stand-ins know, with the spellings couriers use. */
export const STAND_IN_CITIES = [
  "Lahore",
  "Karachi",
  "Islamabad",
  "Rawalpindi",
  "Faisalabad",
  "Multan",
  "Peshawar",
  "Quetta",
  "Sialkot",
  "Gujranwala",
  "Hyderabad",
  "Bahawalpur",
  "Sargodha",
  "Sukkur",
  "Abbottabad",
  "Muzaffargarh",
  "Rahim Yar Khan",
] as const;
