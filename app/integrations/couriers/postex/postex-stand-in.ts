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
 * PostEx's Merchant API stand-in for tests (Integration Guide v4.1.9), on loopback: the header
 * `token`, answers `{ statusCode, statusMessage, dist }`, refusals as HTTP 400/401/404 with PostEx's
 * words in statusMessage. It keeps parcels in memory (booked, cancelled before pickup, tracked,
 * settled, advised), lets a test drive a parcel's journey with PostEx's real status codes
 * (`advance`), settle payments (`settle`), and fail on demand (`failNext`, `hangNext`,
 * `bookButLoseAnswer`). Test-only: lint refuses it outside tests.
 */
export const POSTEX_STAND_IN_PATH = "/services/integration/api/order/";

export type PostexJourneyStep = "picked-up" | "in-transit" | "attempted" | "delivered" | "refused" | "returned";

export type PostexStandInParcel = {
  trackingNumber: string;
  orderRefNumber: string;
  /** The create-order request as sent. */
  request: Record<string, unknown>;
  bookedAt: Date;
  history: { code: string; message: string; at: Date }[];
  cancelled: boolean;
  pickedUpAt: Date | null;
  deliveredAt: Date | null;
  payment: { settledOn: string; reference: string; chargesPaisa: number } | null;
};

export type PostexAdvice = { trackingNumber: string; statusId: number; remarks: string };

export type PostexStandIn = {
  /** The base address to give the client (POSTEX_API_URL). */
  url: string;
  token: string;
  cities: string[];
  addresses: {
    addressCode: string;
    address: string;
    cityName: string;
    contactPersonName: string;
    phone1: string;
    phone2: string;
  }[];
  parcels: Map<string, PostexStandInParcel>;
  advice: PostexAdvice[];
  seen: SeenRequest[];
  /** The parcel booked for an order number (the last, should there be two). */
  parcelFor: (orderRefNumber: string) => PostexStandInParcel | undefined;
  advance: (trackingNumber: string, step: PostexJourneyStep, options?: { at?: Date; reason?: string }) => void;
  /** PostEx pays for these parcels: payment-status settles, the record carries the fee and what was paid. */
  settle: (
    trackingNumbers: readonly string[],
    options: { on: string; reference: string; charges: number | string },
  ) => void;
  /** The next `times` requests answer this HTTP status with an HTML page (200: an answer the client cannot read). */
  failNext: (times: number, failure?: { status?: 500 | 502 | 503 | 504 | 429 | 200 }) => void;
  hangNext: (times: number) => void;
  /** The next `times` create-order requests book the parcel, then drop the connection unanswered. */
  bookButLoseAnswer: (times: number) => void;
  stop: () => Promise<void>;
};

const MANDATORY = [
  "orderRefNumber",
  "invoicePayment",
  "customerName",
  "customerPhone",
  "deliveryAddress",
  "cityName",
  "invoiceDivision",
  "items",
  "orderType",
] as const;

export async function startPostexStandIn({
  token = "postex-stand-in-token-7f3a9c",
  cities = [...STAND_IN_CITIES, "D.G. Khan"],
}: { token?: string; cities?: string[] } = {}): Promise<PostexStandIn> {
  const parcels = new Map<string, PostexStandInParcel>();
  const advice: PostexAdvice[] = [];
  const addresses: PostexStandIn["addresses"] = [
    {
      addressCode: "001",
      address: "Plot 12, Sundar Industrial Estate",
      cityName: "Lahore",
      contactPersonName: "Warehouse",
      phone1: "+923001112223",
      phone2: "+923001112224",
    },
    {
      addressCode: "002",
      address: "Shop 4, Tariq Road",
      cityName: "Karachi",
      contactPersonName: "Store",
      phone1: "+923211112223",
      phone2: "+923211112224",
    },
  ];
  let next = 24_173_100_000 + Math.floor(Math.random() * 1_000_000);
  let loseAnswers = 0;

  const ok = (reply: StandInReply, dist: unknown, statusMessage = "SUCCESSFULLY OPERATED") =>
    reply.json(200, { statusCode: "200", statusMessage, dist });
  const refuse = (reply: StandInReply, status: number, statusMessage: string) =>
    reply.json(status, { statusCode: String(status), statusMessage, dist: null });

  const record = (p: PostexStandInParcel) => {
    const r = p.request;
    const last = p.history[p.history.length - 1];
    const invoicePaisa = toPaisa(Number(r.invoicePayment));
    const charges = p.payment?.chargesPaisa ?? 0;
    const returned = last && ["0002", "0006", "0007"].includes(last.code);
    return {
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      deliveryAddress: r.deliveryAddress,
      invoicePayment: rupees(invoicePaisa),
      orderDetail: r.orderDetail ?? "",
      orderPickupDate: p.pickedUpAt ? pakistanWallTime(p.pickedUpAt) : null,
      orderDeliveryDate: p.deliveredAt ? pakistanWallTime(p.deliveredAt) : null,
      orderRefNumber: p.orderRefNumber,
      transactionTax: 0,
      transactionFee: p.payment && !returned ? rupees(charges) : 0,
      trackingNumber: p.trackingNumber,
      transactionDate: pakistanWallTime(p.bookedAt).slice(0, 10),
      upfrontPayment: p.payment && !returned ? rupees(invoicePaisa - charges) : 0,
      upfrontPaymentDate: p.payment ? p.payment.settledOn : null,
      merchantName: "Kapra Stand-in",
      transactionStatus: p.cancelled ? "Un-Assigned By Me" : statusName(last?.code),
      reversalTax: 0,
      reversalFee: p.payment && returned ? rupees(charges) : 0,
      cityName: r.cityName,
      transactionNotes: r.transactionNotes ?? "",
      reservePayment: 0,
      reservePaymentDate: null,
      balancePayment: 0,
      items: r.items,
      invoiceDivision: r.invoiceDivision,
      transactionStatusHistory: p.history.map((h) => ({
        transactionStatusMessage: h.message,
        transactionStatusMessageCode: h.code,
        modifiedDatetime: pakistanWallTime(h.at),
      })),
    };
  };

  const handle = (request: StandInRequest, reply: StandInReply) => {
    if (!request.path.startsWith(POSTEX_STAND_IN_PATH)) return refuse(reply, 404, "Resource not found");
    const route = `${request.method} ${request.path.slice(POSTEX_STAND_IN_PATH.length)}`;
    if (request.headers.token !== token) return refuse(reply, 401, "Unauthorized: invalid or missing token");
    const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;

    if (route === "GET v2/get-operational-city") {
      return ok(
        reply,
        cities.map((name) => ({
          operationalCityName: name,
          countryName: "Pakistan",
          isPickupCity: true,
          isDeliveryCity: true,
        })),
      );
    }
    if (route === "GET v1/get-merchant-address") return ok(reply, addresses);
    if (route === "POST v3/create-order") {
      for (const field of MANDATORY) {
        if (body[field] === undefined || body[field] === null || body[field] === "")
          return refuse(reply, 400, `${field} is required`);
      }
      if (!/^03\d{9}$/.test(String(body.customerPhone)))
        return refuse(reply, 400, "Invalid customer phone number. Format: 03xxxxxxxxx");
      if (!cities.some((c) => c.toLowerCase() === String(body.cityName).toLowerCase()))
        return refuse(reply, 400, "Invalid city name");
      if (!["Normal", "Reverse", "Replacement"].includes(String(body.orderType)))
        return refuse(reply, 400, "Invalid order type");
      if (!Number.isFinite(Number(body.invoicePayment)) || Number(body.invoicePayment) < 0)
        return refuse(reply, 400, "Invalid invoice payment");
      if (!Number.isInteger(Number(body.items)) || Number(body.items) < 1)
        return refuse(reply, 400, "Invalid number of items");
      if (body.pickupAddressCode && !addresses.some((a) => a.addressCode === body.pickupAddressCode))
        return refuse(reply, 400, "Invalid pickup address code");
      const trackingNumber = String(next++);
      const bookedAt = new Date();
      parcels.set(trackingNumber, {
        trackingNumber,
        orderRefNumber: String(body.orderRefNumber),
        request: body,
        bookedAt,
        history: [{ code: "0001", message: "At Merchant's Warehouse", at: bookedAt }],
        cancelled: false,
        pickedUpAt: null,
        deliveredAt: null,
        payment: null,
      });
      if (loseAnswers > 0) {
        loseAnswers--;
        return reply.drop();
      }
      return ok(
        reply,
        { trackingNumber, orderStatus: "Booked", orderDate: pakistanWallTime(bookedAt).replace("T", " ") },
        "ORDER HAS BEEN CREATED",
      );
    }
    if (route === "GET v1/track-bulk-order") {
      const numbers = (request.query.TrackingNumbers ?? request.query.trackingNumbers ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (numbers.length === 0) return refuse(reply, 400, "TrackingNumbers is required");
      return ok(
        reply,
        numbers.map((n) => {
          const parcel = parcels.get(n);
          return parcel
            ? { trackingResponse: record(parcel), trackingNumber: n, message: "SUCCESSFULLY RETRIEVE ORDER" }
            : { trackingResponse: null, trackingNumber: n, message: "ORDER NOT FOUND" };
        }),
      );
    }
    const single = /^GET v1\/track-order\/(.+)$/.exec(route);
    if (single) {
      const parcel = parcels.get(decodeURIComponent(single[1]));
      return parcel ? ok(reply, record(parcel)) : refuse(reply, 404, "Order Not Found");
    }
    if (route === "PUT v1/cancel-order") {
      const parcel = parcels.get(String(body.trackingNumber ?? ""));
      if (!parcel) return refuse(reply, 404, "Order Not Found");
      if (parcel.cancelled) return refuse(reply, 400, "Order is already cancelled");
      if (parcel.history.some((h) => h.code !== "0001"))
        return refuse(reply, 400, "Order cannot be cancelled: it has been picked up");
      parcel.cancelled = true;
      return ok(reply, null, "SUCCESSFULLY CANCELLED");
    }
    const payment = /^GET v1\/payment-status\/(.+)$/.exec(route);
    if (payment) {
      const parcel = parcels.get(decodeURIComponent(payment[1]));
      if (!parcel) return refuse(reply, 404, "Order Not Found");
      const paid = parcel.payment;
      return ok(reply, {
        orderRefNumber: parcel.orderRefNumber,
        trackingNumber: parcel.trackingNumber,
        settle: !!paid,
        settlementDate: paid ? paid.settledOn : null,
        upfrontPaymentDate: paid ? paid.settledOn : null,
        cprNumber_1: paid ? paid.reference : null,
        reservePaymentDate: null,
        cprNumber_2: null,
      });
    }
    if (route === "GET v1/get-invoice") {
      const numbers = (request.query.trackingNumbers ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (numbers.length === 0 || numbers.length > 10) return refuse(reply, 400, "Provide 1 to 10 tracking numbers");
      const unknown = numbers.find((n) => !parcels.has(n));
      if (unknown) return refuse(reply, 404, `Order Not Found: ${unknown}`);
      return reply.bytes(200, "application/pdf", tinyPdf(`PostEx airway bill ${numbers.join(",")}`));
    }
    if (route === "PUT v2/save-shipper-advice") {
      const parcel = parcels.get(String(body.trackingNumber ?? ""));
      if (!parcel) return refuse(reply, 404, "Order Not Found");
      if (body.statusId !== 1 && body.statusId !== 2)
        return refuse(reply, 400, "Invalid statusId: 1 (Return Requested) or 2 (Retry Attempt)");
      if (typeof body.remarks !== "string" || !body.remarks.trim()) return refuse(reply, 400, "remarks is required");
      if (parcel.history[parcel.history.length - 1]?.code !== "0013")
        return refuse(reply, 400, "Shipper advice can only be saved for an attempted order");
      advice.push({ trackingNumber: parcel.trackingNumber, statusId: body.statusId, remarks: body.remarks });
      return ok(reply, null);
    }
    if (route === "GET v1/get-all-order") {
      const { orderStatusID, fromDate, toDate } = request.query;
      if (
        orderStatusID === undefined ||
        !/^\d{4}-\d{2}-\d{2}$/.test(fromDate ?? "") ||
        !/^\d{4}-\d{2}-\d{2}$/.test(toDate ?? "")
      ) {
        return refuse(reply, 400, "orderStatusID, fromDate and toDate (yyyy-mm-dd) are required");
      }
      const found = [...parcels.values()].filter((p) => {
        const day = pakistanWallTime(p.bookedAt).slice(0, 10);
        return day >= fromDate && day <= toDate;
      });
      return ok(
        reply,
        found.map((p) => ({
          trackingResponse: record(p),
          trackingNumber: p.trackingNumber,
          message: "SUCCESSFULLY RETRIEVE ORDER",
        })),
      );
    }
    return refuse(reply, 404, `No such endpoint: ${route}`);
  };

  const server = await startCourierServer(handle);

  const parcel = (trackingNumber: string) => {
    const found = parcels.get(trackingNumber);
    if (!found) throw new Error(`the PostEx stand-in has no parcel ${trackingNumber}`);
    return found;
  };

  return {
    url: `${server.origin}${POSTEX_STAND_IN_PATH}`,
    token,
    cities,
    addresses,
    parcels,
    advice,
    seen: server.seen,
    parcelFor(orderRefNumber) {
      return [...parcels.values()].filter((p) => p.orderRefNumber === orderRefNumber).pop();
    },
    advance(trackingNumber, step, { at = new Date(), reason } = {}) {
      const p = parcel(trackingNumber);
      const push = (code: string, message: string) => p.history.push({ code, message, at });
      if (step === "picked-up") {
        p.pickedUpAt = at;
        push("0003", "At PostEx Warehouse");
      } else if (step === "in-transit") push("0004", "Package on Route");
      else if (step === "attempted") push("0013", `Attempt Made: ${reason ?? "Customer not responding"}`);
      else if (step === "refused") push("0013", `Attempt Made: ${reason ?? "Customer refused to accept the parcel"}`);
      else if (step === "delivered") {
        p.deliveredAt = at;
        push("0005", "Delivered");
      } else push("0002", "Returned");
    },
    settle(trackingNumbers, { on, reference, charges }) {
      for (const n of trackingNumbers) parcel(n).payment = { settledOn: on, reference, chargesPaisa: toPaisa(charges) };
    },
    failNext: (times, failure) => server.failNext(times, failure),
    hangNext: (times) => server.hangNext(times),
    bookButLoseAnswer(times) {
      loseAnswers += times;
    },
    stop: () => server.stop(),
  };
}

/** PostEx's order status names (3.15) for the last code of a journey. */
function statusName(code: string | undefined): string {
  switch (code) {
    case "0003":
      return "PostEx WareHouse";
    case "0004":
      return "Out For Delivery";
    case "0005":
      return "Delivered";
    case "0013":
      return "Attempted";
    case "0002":
    case "0006":
    case "0007":
      return "Returned";
    default:
      return "Booked";
  }
}
