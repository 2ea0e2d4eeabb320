import {
  pakistanWallTime,
  rupees,
  STAND_IN_CITIES,
  startCourierServer,
  tinyPdf,
  toPaisa,
  type SeenRequest,
  type StandInReply,
  type StandInRequest,
} from "../courier-stand-in";

/**
 * Trax's Sonic API stand-in for tests (API Documentation-SONIC v2.0 and Sonic's server code, see
 * docs/couriers/trax-api.md), on loopback under `/api/`: the raw key in the `Authorization` header,
 * JSON in and out, every answer `{ status: 0 | 1, message }` over HTTP 200, refusals in Sonic's own
 * words and Laravel's error bag (`errors` by field). It validates a booking as Sonic does for a
 * reimbursement account (the Replacement fields for service type 2, a parcel value when nothing is
 * collected), keeps parcels in memory (booked, cancelled while "Booked", tracked newest first,
 * paid, advised after a failed attempt), lets a test drive a journey with Trax's words (`advance`),
 * pay for parcels (`settle`), and fail on demand (`failNext`, `hangNext`, `bookButLoseAnswer`).
 * Test-only: lint refuses it outside tests.
 */
export const TRAX_STAND_IN_PATH = "/api/";

export type TraxJourneyStep = "picked-up" | "in-transit" | "attempted" | "delivered" | "refused" | "returned";

export type TraxStandInCity = { id: number; name: string; replacement: boolean; delivery: boolean };

export type TraxPickupAddress = {
  id: number;
  person_of_contact: string;
  phone_number: string;
  email_address: string;
  address: string;
  status: 0 | 1;
  default: boolean;
  city: { id: number; name: string };
};

export type TraxStandInParcel = {
  trackingNumber: string;
  orderId: string | null;
  /** The shipment/book request as sent. */
  request: Record<string, unknown>;
  serviceTypeId: number;
  bookedAt: Date;
  /** Oldest first (Trax answers newest first). */
  history: { status: string; reason: string | null; at: Date }[];
  cancelled: boolean;
  payment: {
    paymentId: number | string;
    on: string;
    status: "Processed" | "Paid" | "Reverted";
    chargesPaisa: number;
    gstPaisa: number;
  } | null;
};

export type TraxAdvice = { trackingNumber: string; type: number; remarks: string };

export type TraxStandIn = {
  /** The base address to give the client (TRAX_API_URL). */
  url: string;
  apiKey: string;
  /** What the client takes from Settings -> Couriers. */
  credentials: { apiKey: string };
  cities: TraxStandInCity[];
  /** The account's pickup addresses (a test may empty it or move the default). */
  pickupAddresses: TraxPickupAddress[];
  parcels: Map<string, TraxStandInParcel>;
  advice: TraxAdvice[];
  seen: SeenRequest[];
  /**
   * How the stand-in behaves where Sonic's accounts differ: the book answer's key ("tracking number"
   * as the DOC prints it, tracking_number as Sonic answers), and whether Trax waived the parcel value
   * for this account (its parcel_value_bypass_users).
   */
  settings: { bookAnswerKey: "tracking_number" | "tracking number"; parcelValueWaived: boolean };
  /** The parcel booked for an order id (the last, should there be two). */
  parcelFor: (orderId: string) => TraxStandInParcel | undefined;
  cityId: (name: string) => number;
  advance: (trackingNumber: string, step: TraxJourneyStep, options?: { at?: Date; reason?: string }) => void;
  /** Trax pays for these parcels: /payments lists the payment, shipment/payments its figures. */
  settle: (
    trackingNumbers: readonly string[],
    options: {
      on: string;
      reference: string;
      charges: number | string;
      gst?: number | string;
      status?: "Processed" | "Paid" | "Reverted";
    },
  ) => void;
  /** The next `times` requests answer this HTTP status with an HTML page (200: an answer the client cannot read). */
  failNext: (times: number, failure?: { status?: 500 | 502 | 503 | 504 | 429 | 200 }) => void;
  hangNext: (times: number) => void;
  /** The next `times` bookings are made, then the connection drops unanswered. */
  bookButLoseAnswer: (times: number) => void;
  stop: () => Promise<void>;
};

/** Karachi is 202 in every DOC example; the others are the stand-in's. */
const CITY_IDS: Record<string, number> = {
  Karachi: 202,
  Lahore: 101,
  Islamabad: 103,
  Rawalpindi: 104,
  Faisalabad: 105,
  Multan: 106,
  Peshawar: 107,
  Quetta: 108,
  Sialkot: 109,
  Gujranwala: 110,
  Hyderabad: 203,
  Bahawalpur: 111,
  Sargodha: 112,
  Sukkur: 204,
  Abbottabad: 113,
  Muzaffargarh: 114,
  "Rahim Yar Khan": 115,
};

/** Sonic's attribute names, as its validation messages print them. */
const NAMES: Record<string, string> = {
  service_type_id: "Service Type ID",
  pickup_address_id: "Pickup Address ID",
  information_display: "Information Display",
  consignee_city_id: "Consignee City ID",
  consignee_name: "Consignee Name",
  consignee_address: "Consignee Address",
  consignee_phone_number_1: "Consignee Phone Number 1",
  consignee_email_address: "Consignee Email Address",
  order_id: "Order ID",
  special_instructions: "Special Instructions",
  estimated_weight: "Estimated Weight",
  shipping_mode_id: "Shipping Mode ID",
  amount: "Collection Amount",
  payment_mode_id: "Payment Mode ID",
  charges_mode_id: "Charges Mode ID",
  item_product_type_id: "Item Product Type ID",
  item_description: "Item Description",
  item_quantity: "Item Quantity",
  item_insurance: "Item Insurance",
  product_value: "Product Value",
  replacement_item_product_type_id: "Replacement Item Product Type ID",
  replacement_item_description: "Replacement Item Description",
  replacement_item_quantity: "Replacement Item Quantity",
  shipper_reference_number_1: "Shipper Reference Number 1",
  tracking_number: "Tracking Number",
  type: "Type",
  remarks: "Remarks",
};

const PHONE_FORMAT =
  "format is Invalid or must be integer, required Format is: (03000000000, +92-300-0000000, 300-0000000, 0300-0000000).";

type Bag = Record<string, string[]>;

export async function startTraxStandIn({
  apiKey = "trax-stand-in-key-9b41e7c2d05a",
}: { apiKey?: string } = {}): Promise<TraxStandIn> {
  const cities: TraxStandInCity[] = [
    ...STAND_IN_CITIES.map((name) => ({
      id: CITY_IDS[name],
      name,
      // Exchanges go Rush to the big cities only, as /cities lists "Replacement" there.
      replacement: name !== "Muzaffargarh",
      delivery: true,
    })),
    { id: 301, name: "Gwadar", replacement: false, delivery: false },
  ];
  const pickupAddresses: TraxPickupAddress[] = [
    {
      id: 3015,
      person_of_contact: "Warehouse",
      phone_number: "0300-1112223",
      email_address: "warehouse@kapra.example",
      address: "Plot 12, Sundar Industrial Estate",
      status: 1,
      default: true,
      city: { id: CITY_IDS.Lahore, name: "Lahore" },
    },
    {
      id: 3016,
      person_of_contact: "Store",
      phone_number: "0321-1112223",
      email_address: "store@kapra.example",
      address: "Shop 4, Tariq Road",
      status: 1,
      default: false,
      city: { id: CITY_IDS.Karachi, name: "Karachi" },
    },
    {
      id: 3017,
      person_of_contact: "Old store",
      phone_number: "0333-1112223",
      email_address: "old@kapra.example",
      address: "Closed shop, Liberty Market",
      status: 0,
      default: false,
      city: { id: CITY_IDS.Lahore, name: "Lahore" },
    },
  ];
  const parcels = new Map<string, TraxStandInParcel>();
  const advice: TraxAdvice[] = [];
  const settings: TraxStandIn["settings"] = { bookAnswerKey: "tracking_number", parcelValueWaived: false };
  let next = 2022_0000_0000 + Math.floor(Math.random() * 10_000_000);
  let loseAnswers = 0;

  const ok = (reply: StandInReply, message: string, more: Record<string, unknown> = {}) =>
    reply.json(200, { status: 0, message, ...more });
  const refuse = (reply: StandInReply, message: string) => reply.json(200, { status: 1, message });
  const invalid = (reply: StandInReply, errors: Bag | string) =>
    reply.json(200, { status: 1, message: "Error(s) in Input", errors });
  const unknownId = (field: string): Bag => ({ [field]: [`Given ${NAMES[field] ?? field} is of Invalid ID.`] });

  const last = (p: TraxStandInParcel) => p.history[p.history.length - 1];
  const isBooked = (p: TraxStandInParcel) => last(p)?.status === "Shipment - Booked";

  /** "05/04/2022 12:44 PM": Trax's date_time, Pakistan time. */
  const dateTime = (at: Date) => {
    const wall = pakistanWallTime(at);
    const [y, m, d] = wall.slice(0, 10).split("-");
    const hour = Number(wall.slice(11, 13));
    const h12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, "0");
    return `${d}/${m}/${y} ${h12}:${wall.slice(14, 16)} ${hour < 12 ? "AM" : "PM"}`;
  };

  /** shipment/track's details (shipper view). */
  const details = (p: TraxStandInParcel) => {
    const r = p.request;
    const city = cities.find((c) => c.id === Number(r.consignee_city_id));
    const pickup = pickupAddresses.find((a) => a.id === Number(r.pickup_address_id));
    return {
      tracking_number: p.trackingNumber,
      order_id: p.orderId,
      order_date: null,
      booking_date: pakistanWallTime(p.bookedAt).replace("T", " "),
      shipper: {
        name: "Kapra Stand-in",
        account_number: 10374,
        phone_number_1: "0300-1112223",
        phone_number_2: null,
        email: "shop@kapra.example",
        city: pickup?.city.name ?? "Lahore",
      },
      pickup: {
        origin: pickup?.city.name ?? "Lahore",
        person_of_contact: pickup?.person_of_contact ?? "",
        phone_number: pickup?.phone_number ?? "",
        email: pickup?.email_address ?? "",
        address: pickup?.address ?? "",
      },
      consignee: {
        name: r.consignee_name,
        phone_number_1: r.consignee_phone_number_1,
        phone_number_2: null,
        destination: city?.name ?? "",
        address: r.consignee_address,
      },
      order_information: {
        items: [
          {
            order_id: p.orderId,
            product_type: "Apparel",
            description: r.item_description,
            quantity: r.item_quantity,
          },
        ],
        weight: r.estimated_weight,
        shipping_mode: "Rush",
        amount: Number(r.amount ?? 0),
        instructions: r.special_instructions ?? null,
      },
      tracking_history: [...p.history].reverse().map((h) => ({
        date_time: dateTime(h.at),
        timestamp: Math.floor(h.at.getTime() / 1000),
        status: h.status,
        status_reason: h.reason,
      })),
    };
  };

  /** Sonic's shipment_book validation for a reimbursement ("COD") account: the error bag, empty when all is well. */
  const validateBooking = (b: Record<string, unknown>): Bag => {
    const bag: Bag = {};
    const fail = (field: string, message: string) => (bag[field] ??= []).push(message);
    const present = (field: string) => b[field] !== undefined && b[field] !== null && b[field] !== "";
    const int = (field: string) => /^\d{1,10}$/.test(String(b[field]));
    const service = Number(b.service_type_id);
    const requiredIf = (fields: string[], services: number[]) => {
      for (const field of fields)
        if (services.includes(service) && !present(field))
          fail(field, `${NAMES[field]} is Required when Service Type ID is ${service}.`);
    };
    for (const field of [
      "service_type_id",
      "shipping_mode_id",
      "pickup_address_id",
      "consignee_city_id",
      "consignee_name",
      "consignee_address",
      "consignee_phone_number_1",
      "estimated_weight",
    ])
      if (!present(field)) fail(field, `${NAMES[field]} is Required.`);
    requiredIf(["information_display", "payment_mode_id"], [1, 2, 3]);
    requiredIf(["amount", "item_product_type_id", "item_description", "item_quantity", "item_insurance"], [1, 2]);
    requiredIf(["replacement_item_product_type_id", "replacement_item_description", "replacement_item_quantity"], [2]);
    const ids: [string, (id: number) => boolean][] = [
      ["service_type_id", (id) => [1, 2, 3].includes(id)],
      // Rush and Saver Plus are enabled on the stand-in's account.
      ["shipping_mode_id", (id) => [1, 2].includes(id)],
      ["consignee_city_id", (id) => cities.some((c) => c.id === id)],
      ["payment_mode_id", (id) => [1, 4].includes(id)],
      ["charges_mode_id", (id) => id === 4],
      ["item_product_type_id", (id) => id >= 1 && id <= 24],
      ["replacement_item_product_type_id", (id) => id >= 1 && id <= 24],
    ];
    for (const [field, exists] of ids) {
      if (!present(field) || bag[field]) continue;
      if (!int(field)) fail(field, `${NAMES[field]} must be an Integer.`);
      else if (!exists(Number(b[field]))) fail(field, `Given ${NAMES[field]} is of Invalid ID.`);
    }
    if (present("pickup_address_id") && !pickupAddresses.some((a) => a.id === Number(b.pickup_address_id)))
      fail("pickup_address_id", "Invalid Store ID");
    for (const field of ["information_display", "item_insurance"])
      if (present(field) && ![0, 1, "0", "1", true, false].includes(b[field] as never))
        fail(field, `${NAMES[field]} must be 0 or 1.`);
    if (String(b.item_insurance) === "1" && !present("product_value"))
      fail("product_value", "Product Value is Required when Item Insurance is 1.");
    for (const field of ["item_quantity", "replacement_item_quantity"])
      if (present(field) && (!int(field) || Number(b[field]) < 1)) fail(field, `${NAMES[field]} must be an Integer.`);
    const weight = Number(b.estimated_weight);
    if (present("estimated_weight") && !(weight >= 0.1 && weight <= 100000))
      fail("estimated_weight", "The Estimated Weight must be between 0.1 and 100000.");
    if (present("amount") && !(Number(b.amount) >= 0)) fail("amount", "Collection Amount must be a Number.");
    const lengths: [string, number][] = [
      ["consignee_name", 100],
      ["consignee_address", 255],
      ["special_instructions", 190],
      ["item_description", 1000],
      ["replacement_item_description", 1000],
      ["order_id", 100],
      ["shipper_reference_number_1", 190],
    ];
    for (const [field, max] of lengths)
      if (present(field) && String(b[field]).length > max)
        fail(field, `The ${NAMES[field]} must be between 0 and ${max} characters.`);
    for (const field of ["special_instructions", "consignee_email_address"])
      if (field in b && !present(field)) fail(field, `${NAMES[field]} is Optional but cannot be Empty if Present.`);
    if (present("consignee_email_address") && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(b.consignee_email_address)))
      fail("consignee_email_address", "Consignee Email Address must be a Valid Email Address.");
    if (present("consignee_phone_number_1") && !validPhone(String(b.consignee_phone_number_1)))
      fail("consignee_phone_number_1", `Consignee Phone Number 1 ${PHONE_FORMAT}`);
    return bag;
  };

  /** What Sonic refuses after validation: the parcel value, the service at the destination, a disabled address. */
  const bookingRefusal = (b: Record<string, unknown>): { errors: string } | { message: string } | null => {
    const prepaid = Number(b.payment_mode_id) === 4;
    const amount = prepaid ? 0 : Number(b.amount);
    if (amount === 0 && !(Number(b.parcel_value) > 0) && !settings.parcelValueWaived)
      return { errors: "Parcel value is required when collection amount is zero, and should be greater then 0" };
    const city = cities.find((c) => c.id === Number(b.consignee_city_id))!;
    const service = Number(b.service_type_id);
    if (!city.delivery || (service === 2 && !city.replacement))
      return {
        message: `Delivery is not allowed for City ID #${city.id} with Service Type ID #${service} and Shipping Mode ID #${Number(b.shipping_mode_id)}`,
      };
    const address = pickupAddresses.find((a) => a.id === Number(b.pickup_address_id))!;
    if (address.status !== 1) return { message: `Pickup Address ID #${address.id} is disabled` };
    return null;
  };

  const book = (b: Record<string, unknown>, reply: StandInReply) => {
    const bag = validateBooking(b);
    if (Object.keys(bag).length > 0) return invalid(reply, bag);
    const refused = bookingRefusal(b);
    if (refused) return "errors" in refused ? invalid(reply, refused.errors) : refuse(reply, refused.message);
    const trackingNumber = String(next++);
    const bookedAt = new Date();
    parcels.set(trackingNumber, {
      trackingNumber,
      orderId: b.order_id === undefined || b.order_id === null ? null : String(b.order_id),
      request: Number(b.payment_mode_id) === 4 ? { ...b, amount: 0 } : b,
      serviceTypeId: Number(b.service_type_id),
      bookedAt,
      history: [{ status: "Shipment - Booked", reason: null, at: bookedAt }],
      cancelled: false,
      payment: null,
    });
    if (loseAnswers > 0) {
      loseAnswers--;
      return reply.drop();
    }
    return ok(reply, "Shipment has been Booked!", { [settings.bookAnswerKey]: trackingNumber });
  };

  /** The parcel a request names, or the refusal Sonic's exists rule gives. */
  const named = (value: unknown, reply: StandInReply): TraxStandInParcel | null => {
    const parcel = parcels.get(String(value ?? "").trim());
    if (parcel) return parcel;
    invalid(
      reply,
      value === undefined || value === null || value === ""
        ? { tracking_number: ["Tracking Number is Required."] }
        : unknownId("tracking_number"),
    );
    return null;
  };

  const paymentRows = (p: TraxStandInParcel) => {
    const pay = p.payment!;
    const returned = /return/i.test(last(p)?.status ?? "");
    const collected = returned ? 0 : toPaisa(Number(p.request.amount ?? 0));
    return {
      returned,
      row: {
        id: pay.paymentId,
        datetime: `${pay.on} 11:10:47`,
        type: 0,
        amount: rupees(collected),
        charges: (pay.chargesPaisa / 100).toFixed(2),
        gst: (pay.gstPaisa / 100).toFixed(2),
        payable: ((collected - pay.chargesPaisa - pay.gstPaisa) / 100).toFixed(2),
      },
    };
  };

  const routes: Record<string, (request: StandInRequest, reply: StandInReply, body: Record<string, unknown>) => void> =
    {
      "GET cities": (_request, reply) =>
        ok(reply, "Pickup and Delivery Information of Cities", {
          cities: cities.map((c) => ({
            id: c.id,
            name: c.name,
            hub: { id: c.id, name: c.name },
            zone: { id: 1, name: "Central" },
            pickup: true,
            // PHP writes an empty map as [].
            delivery: c.delivery
              ? { Regular: ["Rush", "Saver Plus"], ...(c.replacement ? { Replacement: ["Rush"] } : {}) }
              : [],
          })),
        }),
      "GET pickup_addresses": (_request, reply) =>
        pickupAddresses.length === 0
          ? refuse(reply, "No Pickup Address")
          : ok(reply, "Pickup Addresses", { pickup_addresses: pickupAddresses }),
      "POST shipment/book": (_request, reply, body) => book(body, reply),
      "GET shipment/track": (request, reply) => {
        if (!["0", "1"].includes(request.query.type ?? "")) return invalid(reply, { type: ["Type is Required."] });
        const parcel = named(request.query.tracking_number, reply);
        if (parcel)
          ok(reply, `Tracking of Shipment #${parcel.trackingNumber}`, {
            details: details(parcel),
          });
      },
      "GET shipment/track/order_id": (request, reply) => {
        const orderId = request.query.order_id ?? "";
        if (!orderId) return invalid(reply, { order_id: ["Order ID is Required."] });
        const found = [...parcels.values()].filter((p) => p.orderId === orderId);
        // Sonic's own quirk: this one error is a string, not a list.
        if (found.length === 0) return invalid(reply, { order_id: "Given Order ID is of Invalid ID." } as never);
        // tracking_number is a number in this answer.
        ok(reply, `Tracking of Shipment(s) - Order ID #${orderId}`, {
          details: found.map((p) => ({ ...details(p), tracking_number: Number(p.trackingNumber) })),
        });
      },
      "POST shipment/cancel": (_request, reply, body) => {
        const parcel = named(body.tracking_number, reply);
        if (!parcel) return;
        if (!isBooked(parcel)) return refuse(reply, "Shipment's Status has already been changed");
        parcel.cancelled = true;
        parcel.history.push({ status: "Shipment - Cancelled", reason: "Cancelled by Shipper", at: new Date() });
        ok(reply, `Shipment #${parcel.trackingNumber} is Cancelled`);
      },
      "POST payments": (_request, reply, body) => {
        const numbers = body.tracking_number;
        if (!Array.isArray(numbers) || numbers.length === 0)
          return invalid(reply, { tracking_number: ["Tracking Number is Required."] });
        const paid: Record<string, unknown[]> = {};
        for (const n of numbers.map(String)) {
          const p = parcels.get(n);
          if (!p?.payment) continue;
          paid[n] = [
            {
              payment_status: p.payment.status,
              billing_method: "Reimbursement Account",
              payment_date: `${p.payment.on} 11:10:47`,
              payment_method: "IBFT",
              payment_type: paymentRows(p).returned ? "Returned" : "Delivered",
              payment_id: p.payment.paymentId,
            },
          ];
        }
        reply.json(200, { status: 0, payments: Object.keys(paid).length > 0 ? paid : [] });
      },
      "GET shipment/payments": (request, reply) => {
        const parcel = named(request.query.tracking_number, reply);
        if (!parcel) return;
        if (!parcel.payment) return refuse(reply, "No Payments");
        const { row } = paymentRows(parcel);
        reply.json(200, {
          status: 0,
          charges: { total_charges: row.charges, gst: row.gst },
          current_payment_status: `Payment - ${parcel.payment.status}`,
          payments: [row],
        });
      },
      "GET shipment/air_waybill": (request, reply) => {
        const parcel = named(request.query.tracking_number, reply);
        if (!parcel) return;
        if (!isBooked(parcel)) return refuse(reply, "Already Received");
        if (request.query.type === "1")
          return reply.bytes(200, "application/pdf", tinyPdf(`Trax airway bill ${parcel.trackingNumber}`));
        reply.bytes(200, "image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]));
      },
      "POST request/rcp": (_request, reply, body) => {
        const parcel = parcels.get(String(body.tracking_number ?? ""));
        if (!parcel) return refuse(reply, "Shipment not found!");
        const type = Number(body.type);
        if (![1, 2, 3].includes(type)) return invalid(reply, unknownId("type"));
        if (type === 3) return invalid(reply, { consignee_type: ["Consignee Type is Required when Type is 3."] });
        if (typeof body.remarks !== "string" || !body.remarks.trim())
          return invalid(reply, { remarks: ["Remarks is Required."] });
        // Only a parcel in Return Confirmation Pending (after an unsuccessful delivery) takes advice.
        if (last(parcel)?.status !== "Shipment - Delivery Unsuccessful")
          return refuse(reply, "Shipment is already updated");
        const status = type === 1 ? "Shipment - Return Confirm" : "Re-Attempt - Call Requested";
        parcel.history.push({ status, reason: body.remarks, at: new Date() });
        advice.push({ trackingNumber: parcel.trackingNumber, type, remarks: body.remarks });
        ok(
          reply,
          type === 1 ? `Shipment successfully marked as ${status}` : `Shipment successfully updated as ( ${status} )`,
        );
      },
    };

  const server = await startCourierServer((request, reply) => {
    if (!request.path.startsWith(TRAX_STAND_IN_PATH)) return reply.json(404, { message: "Not Found" });
    const path = request.path.slice(TRAX_STAND_IN_PATH.length).replace(/\/$/, "");
    const route = routes[`${request.method} ${path}`];
    if (!route) {
      const other = Object.keys(routes).find((r) => r.endsWith(` ${path}`));
      return other
        ? reply.json(405, {
            message: `The ${request.method} method is not supported for this route. Supported methods: ${other.split(" ")[0]}.`,
          })
        : reply.json(404, { message: "Not Found" });
    }
    const key = request.headers.authorization;
    if (!key) return refuse(reply, "API Token (Authorization) is Missing.");
    if (key !== apiKey) return refuse(reply, "Invalid API Token (Authorization).");
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    route(request, reply, body);
  });

  const parcel = (trackingNumber: string) => {
    const found = parcels.get(trackingNumber);
    if (!found) throw new Error(`the Trax stand-in has no parcel ${trackingNumber}`);
    return found;
  };

  return {
    url: `${server.origin}${TRAX_STAND_IN_PATH.replace(/\/$/, "")}`,
    apiKey,
    credentials: { apiKey },
    cities,
    pickupAddresses,
    parcels,
    advice,
    seen: server.seen,
    settings,
    parcelFor(orderId) {
      return [...parcels.values()].filter((p) => p.orderId === orderId).pop();
    },
    cityId(name) {
      const city = cities.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!city) throw new Error(`the Trax stand-in has no city ${name}`);
      return city.id;
    },
    advance(trackingNumber, step, { at = new Date(), reason } = {}) {
      const p = parcel(trackingNumber);
      const push = (status: string, why: string | null = null) => p.history.push({ status, reason: why, at });
      if (step === "picked-up") push("Shipment - Arrived at Origin");
      else if (step === "in-transit") push("Shipment - Arrival Service Center");
      else if (step === "attempted") push("Shipment - Delivery Unsuccessful", reason ?? "Consignee Not Available");
      else if (step === "refused") push("Shipment - Delivery Unsuccessful", reason ?? "Consignee Refused to Accept");
      else if (step === "delivered") push(p.serviceTypeId === 2 ? "Replacement-Exchanged" : "Shipment - Delivered");
      else push("Shipment - Returned to Shipper", reason ?? null);
    },
    settle(trackingNumbers, { on, reference, charges, gst = 0, status = "Processed" }) {
      for (const n of trackingNumbers)
        parcel(n).payment = {
          paymentId: /^\d+$/.test(reference) ? Number(reference) : reference,
          on,
          status,
          chargesPaisa: toPaisa(charges),
          gstPaisa: toPaisa(gst),
        };
    },
    failNext: (times, failure) => server.failNext(times, failure),
    hangNext: (times) => server.hangNext(times),
    bookButLoseAnswer(times) {
      loseAnswers += times;
    },
    stop: () => server.stop(),
  };
}

/** Sonic's consignee phone rule: a number starting 92 or 03 must be a mobile (03XXXXXXXXX once +92/92/0092 is 0). */
function validPhone(raw: string): boolean {
  let phone = raw.replace(/[,/].*$/, "").replace(/[-\s]/g, "");
  if (phone.startsWith("+92")) phone = `0${phone.slice(3)}`;
  else if (phone.startsWith("92")) phone = `0${phone.slice(2)}`;
  else if (phone.startsWith("0092")) phone = `0${phone.slice(4)}`;
  else if (!phone.startsWith("0")) phone = `0${phone}`;
  return /^(92|03)\d+/.test(raw) ? /^03\d{9}$/.test(phone) : /^\d+$/.test(phone);
}
