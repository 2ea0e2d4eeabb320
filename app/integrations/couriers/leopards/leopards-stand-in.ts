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
 * Leopards' eCom Merchant APIs v2 stand-in for tests, on loopback: `/api/{method}/format/json/`,
 * `api_key` and `api_password` in the JSON body of a POST (every method that takes one: the key
 * and password in its query are refused, as they must never travel in a URL there) or in the query
 * of the GET-only methods (QUERY_ONLY_METHODS, as Leopards documents them), answers HTTP 200 with
 * `status: 1`, or `status: 0` and Leopards' words in `error` (a string, or messages by CN number).
 * It keeps packets in memory (booked, cancelled before pickup, tracked, paid, advised), lets a test
 * drive a packet's journey with Leopards' real status words (`advance`), pay for packets (`settle`),
 * and fail on demand (`failNext`, `hangNext`, `bookButLoseAnswer`). Test-only: lint refuses it outside tests.
 */
export const LEOPARDS_STAND_IN_PATH = "/api/";

export type LeopardsJourneyStep = "picked-up" | "in-transit" | "attempted" | "delivered" | "refused" | "returned";

export type LeopardsStandInPacket = {
  trackNumber: string;
  orderId: string;
  /** The bookPacket request as sent (without the key and password). */
  request: Record<string, unknown>;
  bookedAt: Date;
  details: { status: string; at: Date; reason: string | null; receiver: string | null }[];
  cancelled: boolean;
  payment: { on: string; reference: string; chargesPaisa: number } | null;
  /** Shipper advice records Leopards opens on each failed attempt. */
  adviceRecords: { id: number; reason: string; at: Date; advised: { status: "RA" | "RT"; remarks: string } | null }[];
};

export type LeopardsAdvice = { id: number; cnNumber: string; status: string; remarks: string };

export type LeopardsStandIn = {
  /** The base address to give the client (LEOPARDS_API_URL). */
  url: string;
  apiKey: string;
  apiPassword: string;
  cities: { id: number; name: string }[];
  packets: Map<string, LeopardsStandInPacket>;
  advice: LeopardsAdvice[];
  seen: SeenRequest[];
  packetFor: (orderId: string) => LeopardsStandInPacket | undefined;
  cityId: (name: string) => number;
  advance: (trackNumber: string, step: LeopardsJourneyStep, options?: { at?: Date; reason?: string }) => void;
  settle: (
    trackNumbers: readonly string[],
    options: { on: string; reference: string; charges: number | string },
  ) => void;
  /** The next `times` requests answer this HTTP status with an HTML page (200: an answer the client cannot read). */
  failNext: (times: number, failure?: { status?: 500 | 502 | 503 | 504 | 429 | 200 }) => void;
  hangNext: (times: number) => void;
  bookButLoseAnswer: (times: number) => void;
  stop: () => Promise<void>;
};

/**
 * The methods Leopards documents as GET only, whose parameters (the key and password too) it reads
 * from the query: Get Payment Details, Get Shipping Charges, Get Booked Packet Last Statuses. Every
 * other method the shop calls takes a POST with a JSON body, and its credentials only there.
 */
export const QUERY_ONLY_METHODS: readonly string[] = [
  "getPaymentDetails",
  "getShippingCharges",
  "getBookedPacketLastStatus",
];

/** bookPacket's mandatory fields and Leopards' words when one is missing (batchBookPacket's error list). */
const REQUIRED: [string, string][] = [
  ["booked_packet_weight", "Packet Weight is required"],
  ["booked_packet_no_piece", "No. of Pieces is required"],
  ["booked_packet_collect_amount", "COD Amount is required"],
  ["origin_city", "Origin City is required"],
  ["destination_city", "Destination City is required"],
  ["shipment_name_eng", "Shipper Name is required"],
  ["shipment_phone", "Shipper Phone is required"],
  ["shipment_address", "Shipper Address is required"],
  ["consignment_name_eng", "Consignee Name is required"],
  ["consignment_phone", "Consignee Phone is required"],
  ["consignment_address", "Consignee Address is required"],
  ["special_instructions", "Special Instructions are required"],
];

const CITY_IDS: Record<string, number> = {
  Lahore: 789,
  Karachi: 475,
  Islamabad: 394,
  Rawalpindi: 1389,
  Faisalabad: 287,
  Multan: 597,
  Peshawar: 674,
  Quetta: 710,
  Sialkot: 819,
  Gujranwala: 323,
  Hyderabad: 382,
  Bahawalpur: 93,
  Sargodha: 790,
  Sukkur: 857,
  Abbottabad: 11,
  Muzaffargarh: 625,
  "Rahim Yar Khan": 720,
};

export async function startLeopardsStandIn({
  apiKey = "C2027AB2E6D1601DE7BC73B7DEEC0001",
  apiPassword = "STAND-IN@pass-0451",
}: { apiKey?: string; apiPassword?: string } = {}): Promise<LeopardsStandIn> {
  const cities = [
    ...STAND_IN_CITIES.map((name) => ({ id: CITY_IDS[name], name })),
    { id: 236, name: "Dera Ghazi Khan" },
  ];
  const packets = new Map<string, LeopardsStandInPacket>();
  const advice: LeopardsAdvice[] = [];
  let next = 71_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextAdviceId = 9_000 + Math.floor(Math.random() * 1_000);
  let loseAnswers = 0;
  let origin = "";

  const ok = (reply: StandInReply, more: Record<string, unknown>) => reply.json(200, { status: 1, error: 0, ...more });
  const refuse = (reply: StandInReply, error: unknown, more: Record<string, unknown> = {}) =>
    reply.json(200, { status: 0, error, ...more });
  const day = (at: Date) => pakistanWallTime(at).slice(0, 10);
  const numbersOf = (value: unknown) =>
    String(value ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
  const lastStatus = (p: LeopardsStandInPacket) =>
    p.cancelled ? "Cancelled" : (p.details[p.details.length - 1]?.status ?? "Pickup Request not Send");

  const packetView = (p: LeopardsStandInPacket) => {
    const r = p.request;
    const last = p.details[p.details.length - 1];
    const [y, m, d] = day(p.bookedAt).split("-");
    return {
      booking_date: `${d}/${m}/${y}`,
      track_number: p.trackNumber,
      track_number_short: p.trackNumber.replace(/\D/g, ""),
      booked_packet_weight: String(r.booked_packet_weight),
      booked_packet_no_piece: String(r.booked_packet_no_piece),
      booked_packet_collect_amount: String(r.booked_packet_collect_amount),
      booked_packet_order_id: p.orderId,
      origin_city_name: "Lahore",
      destination_city_name: cities.find((c) => c.id === Number(r.destination_city))?.name ?? "",
      shipment_name_eng: "Kapra Stand-in",
      consignment_name_eng: r.consignment_name_eng,
      consignment_phone: r.consignment_phone,
      consignment_address: r.consignment_address,
      special_instructions: r.special_instructions,
      booked_packet_status: lastStatus(p),
      activity_date: last ? day(last.at) : day(p.bookedAt),
      status_remarks: last?.reason ?? last?.receiver ?? "",
      "Tracking Detail": p.details.map((e) => ({
        Status: e.status,
        "Reciever Name": e.receiver ?? "",
        "Activity Date": day(e.at),
        "Activity Time": pakistanWallTime(e.at).slice(11, 19),
        Reason: e.reason ?? "N/A",
      })),
    };
  };

  const handle = (request: StandInRequest, reply: StandInReply) => {
    const match = new RegExp(`^${LEOPARDS_STAND_IN_PATH}([A-Za-z]+)/format/json/?$`).exec(request.path);
    if (!match) return reply.json(404, { status: 0, error: "Unknown method" });
    const method = match[1];
    const queryOnly = QUERY_ONLY_METHODS.includes(method);
    if (queryOnly && request.method !== "GET") return reply.json(405, { status: 0, error: `${method} takes GET only` });
    if (!queryOnly && request.method !== "POST")
      return reply.json(405, { status: 0, error: `${method}: send a POST with a JSON body` });
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const input = (queryOnly ? { ...request.query } : { ...request.query, ...body }) as Record<string, unknown>;
    // Where the body is taken, the key and password are read from it alone: in the URL they are refused.
    const auth = queryOnly ? request.query : body;
    if (auth.api_key !== apiKey || auth.api_password !== apiPassword)
      return refuse(reply, "Invalid API Key or Password", { packet_list: null });
    if (!queryOnly && ("api_key" in request.query || "api_password" in request.query))
      return refuse(reply, "API Key and Password are taken in the request body only", { packet_list: null });

    if (method === "getAllCities") {
      return ok(reply, {
        error: "0",
        city_list: cities.map((c) => ({
          id: c.id,
          name: c.name,
          shipment_type: ["overnight", "overland", "detain"],
          allow_as_origin: true,
          allow_as_destination: true,
        })),
      });
    }
    if (method === "bookPacket") {
      for (const [field, message] of REQUIRED) {
        if (input[field] === undefined || input[field] === null || input[field] === "")
          return refuse(reply, message, { track_number: null, slip_link: null });
      }
      if (!Number.isInteger(Number(input.booked_packet_weight)) || Number(input.booked_packet_weight) <= 0)
        return refuse(reply, "Packet Weight must be in grams (a whole number)", {
          track_number: null,
          slip_link: null,
        });
      if (
        !Number.isInteger(Number(input.booked_packet_collect_amount)) ||
        Number(input.booked_packet_collect_amount) < 0
      )
        return refuse(reply, "COD Amount must be a whole number", { track_number: null, slip_link: null });
      if (!cities.some((c) => c.id === Number(input.destination_city)))
        return refuse(reply, "Invalid Destination City", { track_number: null, slip_link: null });
      if (!/^03\d{9}$/.test(String(input.consignment_phone)))
        return refuse(reply, "Invalid Consignee Phone Number", { track_number: null, slip_link: null });
      const trackNumber = `LE${next++}`;
      const { api_key: _k, api_password: _p, ...rest } = input;
      const bookedAt = new Date();
      packets.set(trackNumber, {
        trackNumber,
        orderId: String(input.booked_packet_order_id ?? ""),
        request: rest,
        bookedAt,
        details: [{ status: "Pickup Request not Send", at: bookedAt, reason: null, receiver: null }],
        cancelled: false,
        payment: null,
        adviceRecords: [],
      });
      if (loseAnswers > 0) {
        loseAnswers--;
        return reply.drop();
      }
      return ok(reply, {
        track_number: trackNumber,
        slip_link: `${origin}${LEOPARDS_STAND_IN_PATH}slip/${trackNumber}.pdf`,
      });
    }
    if (method === "trackBookedPacket") {
      const numbers = numbersOf(input.track_numbers);
      if (numbers.length === 0) return refuse(reply, "Tracking Number is required", { packet_list: null });
      const found = numbers.flatMap((n) => (packets.has(n) ? [packetView(packets.get(n)!)] : []));
      if (found.length === 0) return refuse(reply, "No record found", { packet_list: null });
      return ok(reply, { packet_list: found });
    }
    if (method === "cancelBookedPackets") {
      const numbers = numbersOf(input.cn_numbers);
      if (numbers.length === 0) return refuse(reply, "CN Numbers are required");
      const errors: Record<string, string> = {};
      for (const n of numbers) {
        const p = packets.get(n);
        if (!p) errors[n] = "CN Number not found";
        else if (p.cancelled) errors[n] = "Packet is already cancelled";
        else if (p.details.length > 1) errors[n] = "Packet can not be cancelled: it is already picked up";
        else p.cancelled = true;
      }
      return Object.keys(errors).length > 0 ? refuse(reply, errors) : reply.json(200, { status: 1, error: null });
    }
    if (method === "getPaymentDetails" || method === "getShippingCharges") {
      const numbers = numbersOf(input.cn_numbers);
      if (numbers.length === 0) return refuse(reply, "CN Numbers are required", { payment_list: null });
      if (numbers.length > 50) return refuse(reply, "Maximum 50 CN Numbers are allowed", { payment_list: null });
      const known = numbers.flatMap((n) => (packets.has(n) ? [packets.get(n)!] : []));
      if (known.length === 0) return refuse(reply, "CN number not found", { payment_list: null });
      if (method === "getPaymentDetails") {
        return ok(reply, {
          error: "0",
          payment_list: known.map((p) => ({
            booked_packet_cn: p.trackNumber,
            billing_method: "COD",
            status: p.payment ? "Paid" : "Pending",
            invoice_cheque_no: p.payment?.reference ?? "",
            invoice_cheque_date: p.payment?.on ?? "",
            payment_method: p.payment ? "Bank Transfer" : "",
            message: p.payment ? "Payment processed" : "Payment pending",
            slip_link: p.payment ? `${origin}${LEOPARDS_STAND_IN_PATH}payment_slip/${p.payment.reference}` : "",
          })),
        });
      }
      return ok(reply, {
        error: "0",
        data: known.map((p) => {
          const charges = p.payment?.chargesPaisa ?? 0;
          const returned = lastStatus(p) === "Returned to shipper";
          return {
            cn_number: p.trackNumber,
            billing_method: "COD",
            invoice_cheque_no: p.payment?.reference ?? "",
            invoice_cheque_date: p.payment?.on ?? "",
            weight_charged: String(p.request.booked_packet_weight),
            shipment_charges: String(rupees(charges)),
            cash_handling_charges: "0",
            return_charges: "0",
            insurance_charges: "0",
            fuel_surcharge_percentage: "0",
            fuel_surcharge_amount: "0",
            gst: "0",
            gst_amount: "0",
            booked_packet_collect_amount: returned ? "0" : String(p.request.booked_packet_collect_amount),
            billed_charges: String(rupees(charges)),
            old_invoice_no: "",
            net_charges: String(rupees(charges)),
            gross_charges: String(rupees(charges)),
          };
        }),
      });
    }
    if (method === "getShipmentDetailsByOrderID") {
      const ids = Array.isArray(input.shipment_order_id)
        ? input.shipment_order_id.map(String)
        : numbersOf(input.shipment_order_id);
      if (ids.length === 0) return refuse(reply, "Shipment Order ID is required");
      const found = [...packets.values()].filter((p) => ids.includes(p.orderId));
      if (found.length === 0) return refuse(reply, "No record found");
      return ok(reply, {
        error: "",
        data: found.map((p) => ({
          ...packetView(p),
          booking_date: day(p.bookedAt).replaceAll("-", "/"),
          "Tracking Detail": undefined,
          slip_link: `${origin}${LEOPARDS_STAND_IN_PATH}slip/${p.trackNumber}.pdf`,
        })),
      });
    }
    if (method === "getBookedPacketLastStatus") {
      const from = String(input.from_date ?? "");
      const to = String(input.to_date ?? "");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to))
        return refuse(reply, "Invalid date format", { packet_list: null });
      const found = [...packets.values()].filter((p) => day(p.bookedAt) >= from && day(p.bookedAt) <= to);
      return ok(reply, {
        packet_list: found.map((p) => ({
          booking_date: day(p.bookedAt),
          tracking_number: p.trackNumber,
          booked_packet_order_id: p.orderId,
          booked_packet_status: lastStatus(p),
          cod_value: `${p.request.booked_packet_collect_amount}.00`,
        })),
      });
    }
    if (method === "shipperAdviceList") {
      const cn = String(input.Cn_number ?? "").trim();
      const rows = [...packets.values()]
        .filter((p) => !cn || p.trackNumber === cn)
        .flatMap((p) =>
          p.adviceRecords.map((a) => ({
            id: a.id,
            cn_number: p.trackNumber,
            status: "Pending",
            reason: a.reason,
            consignee_name: p.request.consignment_name_eng,
            consignee_mobile: p.request.consignment_phone,
            shipper_advice_status: a.advised ? a.advised.status : "Pending",
            shipper_remarks: a.advised?.remarks ?? "",
            created_date: day(a.at),
            attempt_counter: 1,
          })),
        );
      return reply.json(200, { status: "1", error: "0", totalrecords: rows.length, data: rows });
    }
    if (method === "updateShipperAdvice") {
      const rows = Array.isArray(input.data) ? (input.data as Record<string, unknown>[]) : [];
      if (rows.length === 0) return refuse(reply, "data is required");
      for (const row of rows) {
        if (row.shipper_advice_status !== "RA" && row.shipper_advice_status !== "RT")
          return refuse(reply, "Invalid advice status. Allowed values: RA, RT");
        if (typeof row.shipper_remarks !== "string" || !row.shipper_remarks.trim())
          return refuse(reply, "Shipper remarks are required");
        const p = packets.get(String(row.cn_number ?? ""));
        const record = p?.adviceRecords.find((a) => a.id === Number(row.id));
        if (!p || !record) return refuse(reply, `Invalid advice id ${String(row.id)} for CN ${String(row.cn_number)}`);
      }
      for (const row of rows) {
        const p = packets.get(String(row.cn_number))!;
        const record = p.adviceRecords.find((a) => a.id === Number(row.id))!;
        record.advised = { status: row.shipper_advice_status as "RA" | "RT", remarks: String(row.shipper_remarks) };
        advice.push({
          id: record.id,
          cnNumber: p.trackNumber,
          status: String(row.shipper_advice_status),
          remarks: String(row.shipper_remarks),
        });
      }
      return reply.json(200, { status: "1", error: "0", data: "Shipper Advice Updated successfully" });
    }
    return reply.json(404, { status: 0, error: `Unknown method ${method}` });
  };

  const server = await startCourierServer((request, reply) => {
    const slip = new RegExp(`^${LEOPARDS_STAND_IN_PATH}slip/(.+)\\.pdf$`).exec(request.path);
    if (slip && request.method === "GET") {
      return packets.has(slip[1])
        ? reply.bytes(200, "application/pdf", tinyPdf(`Leopards slip ${slip[1]}`))
        : reply.json(404, { status: 0, error: "Slip not found" });
    }
    handle(request, reply);
  });
  origin = server.origin;

  const packet = (trackNumber: string) => {
    const found = packets.get(trackNumber);
    if (!found) throw new Error(`the Leopards stand-in has no packet ${trackNumber}`);
    return found;
  };

  return {
    url: `${server.origin}${LEOPARDS_STAND_IN_PATH}`,
    apiKey,
    apiPassword,
    cities,
    packets,
    advice,
    seen: server.seen,
    packetFor(orderId) {
      return [...packets.values()].filter((p) => p.orderId === orderId).pop();
    },
    cityId(name) {
      const city = cities.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!city) throw new Error(`the Leopards stand-in has no city ${name}`);
      return city.id;
    },
    advance(trackNumber, step, { at = new Date(), reason } = {}) {
      const p = packet(trackNumber);
      const push = (status: string, why: string | null = null, receiver: string | null = null) =>
        p.details.push({ status, at, reason: why, receiver });
      if (step === "picked-up") push("Consignment Booked");
      else if (step === "in-transit") push("Dispatched");
      else if (step === "attempted") {
        const why = reason ?? "Consignee not available";
        push("Pending", why);
        p.adviceRecords.push({ id: nextAdviceId++, reason: why, at, advised: null });
      } else if (step === "refused") push("Refused", reason ?? "Consignee refused to accept");
      else if (step === "delivered") push("Delivered", null, String(p.request.consignment_name_eng ?? ""));
      else push("Returned to shipper", reason ?? null);
    },
    settle(trackNumbers, { on, reference, charges }) {
      for (const n of trackNumbers) packet(n).payment = { on, reference, chargesPaisa: toPaisa(charges) };
    },
    failNext: (times, failure) => server.failNext(times, failure),
    hangNext: (times) => server.hangNext(times),
    bookButLoseAnswer(times) {
      loseAnswers += times;
    },
    stop: () => server.stop(),
  };
}
