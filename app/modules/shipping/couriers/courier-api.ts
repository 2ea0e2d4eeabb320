import type { ApiCourierKind, CourierProviderKind } from "~/db/schema/statuses";
import type { CourierCityEntry, CourierPickupAddress } from "~/modules/shipping/tables";

/**
 * The port to a courier's merchant API (issue 33): typed bookings, tracking events and payments,
 * never text to re-parse. Plain data in and out, no database handle: the shipping module reads and
 * decrypts the courier's credentials (Settings -> Couriers) and hands them with every call, so a
 * changed password takes effect on the next call in every process. One implementation per courier
 * in app/integrations/couriers/{postex,leopards,tcs,trax,mnp}/, made once at start
 * (providers.server.ts) and reached as `context.providers.couriers.api[kind]`.
 *
 * Not every courier publishes every part (issue 45): `offers` says which. A method the courier does
 * not publish throws a non-retryable CourierApiError saying so, and the flows ask `offers` first:
 * a booking whose answer was lost is not retried blindly, shipper advice goes through the portal,
 * the shop prints its own label, payments stay with the courier's settlement files.
 *
 * Every method throws CourierApiError when the courier cannot be reached or refuses: `retryable`
 * for timeouts, network errors, 5xx, 429 and answers the client cannot read (a changed shape);
 * not retryable for the courier's own refusals (a wrong token, an unknown city, a bad phone).
 */
export interface CourierApi {
  readonly kind: ApiCourierKind;
  /** The credential fields this courier asks for, in the order Settings shows them. */
  readonly credentialFields: readonly CourierCredentialField[];
  /** Which of the port's parts the courier's published API has. */
  readonly offers: CourierApiOffers;
  /** The courier's cities (ids as its API takes them in a booking). */
  cities(credentials: CourierCredentials): Promise<CourierCityEntry[]>;
  /** The shop's pickup addresses with the courier (PostEx's address codes); [] where the courier has none. */
  pickupAddresses(credentials: CourierCredentials): Promise<CourierPickupAddress[]>;
  /** Books one parcel. Throws CourierApiError; an error after the request left may still have booked it (see findBooking). */
  book(credentials: CourierCredentials, parcel: ApiParcel): Promise<BookedParcel>;
  /**
   * The parcel booked for our order number, or null when the courier has none: how an answer that
   * never came is settled before booking again (or before a booking is cancelled), so a parcel is
   * never booked twice nor left booked. `sent` spans the first request to now, however long: a
   * courier that lists bookings by date is searched over all of it (a Try again days later still
   * finds the booking whose answer was lost).
   */
  findBooking(credentials: CourierCredentials, orderNumber: string, sent: SentBetween): Promise<BookedParcel | null>;
  /** Cancels booked parcels not yet picked up; per parcel, whether the courier took the cancellation. */
  cancel(credentials: CourierCredentials, trackingNumbers: readonly string[]): Promise<CancelOutcome[]>;
  /** Each parcel's journey, oldest first per parcel. Many parcels per call where the courier allows it. */
  track(credentials: CourierCredentials, trackingNumbers: readonly string[], since?: Date): Promise<ParcelTracking[]>;
  /** Which parcels the courier has paid the shop for, and with what reference. */
  payments(credentials: CourierCredentials, trackingNumbers: readonly string[]): Promise<ParcelPayment[]>;
  /** The courier's airway bill for a parcel: a PDF, or where to fetch it. */
  label(credentials: CourierCredentials, trackingNumber: string, labelUrl: string | null): Promise<CourierLabel>;
  /** Tells the courier what to do with a parcel after a failed attempt (shipper advice). */
  advise(
    credentials: CourierCredentials,
    trackingNumber: string,
    advice: "reattempt" | "return",
    remarks: string,
  ): Promise<void>;
}

/**
 * The parts of the port a courier's API publishes. `findBooking`: a booking can be looked up by our
 * order number (without it, a booking whose answer never came is not retried: the owner checks the
 * portal). `replacement`: an exchange is booked so the rider collects the old piece at the door.
 * `advise`: shipper advice after a failed attempt. `label`: the courier's own airway bill.
 * `payments`: which parcels it paid for.
 */
export type CourierApiOffers = {
  findBooking: boolean;
  replacement: boolean;
  advise: boolean;
  label: boolean;
  payments: boolean;
};

/** One credential the owner types: its key in the sealed object, its label, and whether it is a secret (shown as last four). */
export type CourierCredentialField = { key: string; label: string; secret: boolean };
/** The courier's credentials, as the sealed JSON object holds them (PostEx: { token }; Leopards: { apiKey, apiPassword }). */
export type CourierCredentials = Record<string, string>;

/** A parcel as an API courier books it: what the file provider hands over, plus the courier's own city and pickup address. */
export type ApiParcel = {
  orderNumber: string;
  consigneeName: string;
  /** E.164 (+923XXXXXXXXX), as the shop stores it; each client writes it as its courier wants (03XXXXXXXXX). */
  phone: string;
  email: string;
  address: string;
  /** The courier's city for the order's city (courier_city_matches). */
  city: CourierCityEntry;
  /** Whole rupees; 0: prepaid. */
  codAmount: number;
  /** What the goods are worth, whole rupees (the order's items): Trax asks it when nothing is collected. */
  parcelValue: number;
  weightGrams: number;
  pieces: number;
  /** The items and sizes, as the label shows them. */
  description: string;
  /** An exchange: the order whose item the rider collects (PostEx orderType Replacement, Trax service type 2). */
  exchangeFor: string | null;
  /** An exchange: the pieces the rider collects ("Lawn suit (M, Green) x1"), null otherwise. */
  exchangeItems: string | null;
  pickupAddressCode: string | null;
  /** What the owner wants the rider told ("call before delivery"), if anything. */
  remarks: string | null;
};

export type BookedParcel = { trackingNumber: string; labelUrl: string | null };

/** From the first booking request for a parcel to now. */
export type SentBetween = { from: Date; to: Date };

export type CancelOutcome = { trackingNumber: string; cancelled: boolean; message: string | null };

/**
 * Where a parcel stands, as the shop reads a courier's status. `attempted`: a delivery was tried and
 * failed (the parcel is still with the courier, awaiting shipper advice); `refused`: the buyer refused
 * it at the door (it is on its way back, not yet returned); `returned`: back with the shop.
 */
export type TrackingEventKind =
  | "booked"
  | "picked-up"
  | "in-transit"
  | "out-for-delivery"
  | "attempted"
  | "delivered"
  | "refused"
  | "returning"
  | "returned"
  | "cancelled"
  | "other";

export type TrackingEvent = {
  kind: TrackingEventKind;
  /** The courier's own words ("Attempt Made", "Delivered to consignee"), kept in the parcel's history. */
  status: string;
  /** The courier's status code where it has one (PostEx "0013"). */
  code: string | null;
  at: Date;
  /** The courier's reason or remarks ("Customer not answering"), if any. */
  reason: string | null;
};

export type ParcelTracking = { trackingNumber: string; orderNumber: string | null; events: TrackingEvent[] };

/**
 * A parcel's payment. Amounts in paisa (couriers' fees carry them: 191.18); null when the courier
 * does not say. `settledOn` is the Pakistan date (YYYY-MM-DD) the courier paid.
 */
export type ParcelPayment = {
  trackingNumber: string;
  settled: boolean;
  settledOn: string | null;
  reference: string | null;
  collectedPaisa: number | null;
  chargesPaisa: number | null;
  netPaidPaisa: number | null;
  /**
   * Tax the courier withheld from the COD (issue 45), where its API says: income tax and sales tax,
   * in paisa. No courier's published API carries them today (their statements do): null.
   */
  incomeTaxPaisa: number | null;
  salesTaxPaisa: number | null;
};

export type CourierLabel = { kind: "pdf"; bytes: Uint8Array } | { kind: "url"; url: string };

export class CourierApiError extends Error {
  constructor(
    /** The courier's own words (or what went wrong on the way), never a credential. */
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = "CourierApiError";
  }
}

/** The couriers' APIs the shop has, by provider kind. */
export type CourierApis = Record<ApiCourierKind, CourierApi>;

/** What the API of a courier reached this way publishes; null for a courier reached through files (or no APIs given). */
export function offersOf(apis: CourierApis | undefined, provider: CourierProviderKind): CourierApiOffers | null {
  return provider === "file" || !apis ? null : apis[provider].offers;
}

export const COURIER_PROVIDER_LABELS: Record<CourierProviderKind, string> = {
  file: "Files (the courier's portal)",
  postex: "PostEx API",
  leopards: "Leopards API",
  tcs: "TCS API",
  trax: "Trax API",
  mnp: "M&P API",
};
