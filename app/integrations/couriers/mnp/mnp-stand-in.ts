import {
  pakistanWallTime,
  rupees,
  STAND_IN_CITIES,
  startCourierServer,
  toPaisa,
  type SeenRequest,
  type StandInReply,
  type StandInRequest,
} from "../courier-stand-in";

/**
 * M&P's COD API stand-in for tests (docs/couriers/mnp-api.md), on loopback under /mycodapi/api/:
 * the username, password and account number in the JSON body of a POST or the query of a GET,
 * with the key casing each endpoint's Swagger model has; answers an array with one object,
 * `isSuccess` "true"/"false" and M&P's words in `message` (Get_locations: an object with
 * `isSucces`; Get_Cities refuses with ASP.NET's bare `{ Message }`), ASP.NET's `{ Message }` with
 * 404 for an unknown route. It keeps consignments (booked, voided before pickup, tracked, paid,
 * advised), drives a journey with M&P's words (`advance`), lists events out of order as M&P does,
 * pays (`settle`), and fails on demand (`failNext`, `hangNext`, `bookButLoseAnswer`). Where M&P's
 * behaviour is unpublished (its refusal words for a missing field, a CN tied to the location that
 * booked it) this stand-in assumes, and says so. Test-only: lint refuses it outside tests.
 */
export const MNP_STAND_IN_PATH = "/mycodapi/api/";

export type MnpJourneyStep = "picked-up" | "in-transit" | "attempted" | "delivered" | "refused" | "returned";

export type MnpStandInEvent = {
  tag: number;
  status: string;
  event: string;
  narration: string;
  location: string;
  at: Date;
};

export type MnpStandInParcel = {
  consignmentNumber: string;
  custRefNo: string;
  locationID: string;
  /** The InsertBookingData request as sent (without the username and password). */
  request: Record<string, unknown>;
  bookedAt: Date;
  events: MnpStandInEvent[];
  voided: boolean;
  /** A failed attempt waits for shipper advice until CloseShipperAdvice answers it. */
  awaitingAdvice: boolean;
  payment: { on: string; reference: string; chargesPaisa: number } | null;
};

export type MnpAdvice = { consignment: string; adviceoption: string; reattempt: string | null; remarks: string };

export type MnpLocation = { locationID: number; locationName: string; locationAddress: string };

export type MnpStandIn = {
  /** The base address to give the client (MNP_API_URL). */
  url: string;
  credentials: { username: string; password: string; accountNo: string };
  /** Get_Cities' names as M&P writes them (upper case, some with trailing spaces). */
  cities: string[];
  /** The account's pickup locations (Get_locations). */
  locations: MnpLocation[];
  parcels: Map<string, MnpStandInParcel>;
  advice: MnpAdvice[];
  seen: SeenRequest[];
  /** The consignment booked for an order number (the last, should there be two). */
  parcelFor: (orderNumber: string) => MnpStandInParcel | undefined;
  advance: (consignmentNumber: string, step: MnpJourneyStep, options?: { at?: Date; reason?: string }) => void;
  /** M&P pays for these consignments: the tracking answer carries PaymentID, the invoice and AmountPaid. */
  settle: (
    consignmentNumbers: readonly string[],
    options: { on: string; reference: string; charges: number | string },
  ) => void;
  /** How TransactionTime and PaymentDate are written: "us" (11/24/2026 14:05:00, the default) or "iso" (2026-11-24 14:05:00). */
  writeTimesAs: (format: "us" | "iso") => void;
  /** The next `times` requests answer this HTTP status with an HTML page (200: an answer the client cannot read). */
  failNext: (times: number, failure?: { status?: 500 | 502 | 503 | 504 | 429 | 200 }) => void;
  hangNext: (times: number) => void;
  /** The next `times` InsertBookingData requests book the consignment, then drop the connection unanswered. */
  bookButLoseAnswer: (times: number) => void;
  stop: () => Promise<void>;
};

/** BookingModel's keys: M&P refuses a booking that omits one (as a real client found). */
const BOOKING_KEYS = [
  "consigneeName",
  "consigneeAddress",
  "consigneeMobNo",
  "consigneeEmail",
  "destinationCityName",
  "pieces",
  "weight",
  "codAmount",
  "custRefNo",
  "productDetails",
  "fragile",
  "service",
  "remarks",
  "insuranceValue",
  "locationID",
  "AccountNo",
  "InsertType",
  "ReturnLocation",
  "subAccountId",
] as const;

/** Text fields M&P rejects an apostrophe in. */
const TEXT_FIELDS = ["consigneeName", "consigneeAddress", "productDetails", "remarks"] as const;

/** Words for a missing mandatory field: M&P does not publish its own, these are the stand-in's. */
const REQUIRED: [string, string][] = [
  ["consigneeName", "Consignee name is required"],
  ["consigneeAddress", "Consignee address is required"],
  ["consigneeMobNo", "Consignee mobile number is required"],
  ["custRefNo", "Customer reference number is required"],
  ["productDetails", "Product details are required"],
];

export async function startMnpStandIn({
  username = "kapra_4T154",
  password = "Stand-in pass'26",
  accountNo = "4T154",
  locations = [
    { locationID: 41, locationName: "Kapra Warehouse", locationAddress: "Plot 12, Sundar Industrial Estate, Lahore" },
    { locationID: 5751, locationName: "Kapra Store", locationAddress: "Shop 4, Tariq Road, Karachi" },
  ],
}: { username?: string; password?: string; accountNo?: string; locations?: MnpLocation[] } = {}): Promise<MnpStandIn> {
  const cities = [
    ...STAND_IN_CITIES.map((name, i) => (i % 3 === 0 ? `${name.toUpperCase()} ` : name.toUpperCase())),
    "D.G KHAN",
  ];
  const parcels = new Map<string, MnpStandInParcel>();
  const advice: MnpAdvice[] = [];
  let next = 544_794_010_100_000 + Math.floor(Math.random() * 10_000_000);
  let nextTag = 1_000;
  let loseAnswers = 0;
  let timeFormat: "us" | "iso" = "us";

  const answer = (reply: StandInReply, ok: boolean, message: string, more: Record<string, unknown> = {}) =>
    reply.json(200, [{ isSuccess: ok ? "true" : "false", message, ...more }]);
  /** A Pakistan wall time "2026-11-24T14:05:00" as M&P writes it. */
  const written = (wall: string) => {
    if (timeFormat === "iso") return wall.replace("T", " ");
    const [y, m, d] = wall.slice(0, 10).split("-");
    return `${m}/${d}/${y} ${wall.slice(11)}`;
  };
  const time = (at: Date) => written(pakistanWallTime(at));
  const midnight = (day: string) => written(`${day}T00:00:00`);
  const isCity = (name: unknown) =>
    typeof name === "string" && cities.some((c) => c.trim().toLowerCase() === name.trim().toLowerCase());
  const isLocation = (id: unknown) => locations.some((l) => String(l.locationID) === String(id ?? "").trim());
  const active = (custRefNo: string) => [...parcels.values()].find((p) => p.custRefNo === custRefNo && !p.voided);
  const pickedUp = (p: MnpStandInParcel) => p.events.some((e) => e.status !== "Booking");

  const push = (p: MnpStandInParcel, status: string, event: string, narration: string, at: Date, location: string) =>
    p.events.push({ tag: nextTag++, status, event, narration, location, at });

  const trackingView = (p: MnpStandInParcel) => {
    const r = p.request;
    const last = p.events[p.events.length - 1];
    const wentBack = ["RD", "Return to Origin", "Return to Shipper"].includes(last.status);
    const charges = p.payment?.chargesPaisa ?? 0;
    const collected = wentBack ? 0 : toPaisa(Number(r.codAmount));
    const amount = (paisa: number) => rupees(paisa).toFixed(2);
    return {
      ConsignmentNumber: p.consignmentNumber,
      OrderId: p.custRefNo,
      OriginCity: "LAHORE",
      DestinationCity: String(r.destinationCityName).trim().toUpperCase(),
      BookingDate: time(p.bookedAt),
      CODAmount: amount(toPaisa(Number(r.codAmount))),
      Weight: String(r.weight),
      Pieces: String(r.pieces),
      ConsigneeName: r.consigneeName,
      ConsignerName: "Kapra Stand-in",
      ContactNo: r.consigneeMobNo,
      DeliveryAddress: r.consigneeAddress,
      CustomerName: "Kapra Stand-in",
      CustomerAccountNo: accountNo,
      ServiceType: r.service,
      SpecialInstruction: r.remarks,
      HandOverDate: null,
      DeliveryRider: null,
      DeliveryRiderContact: null,
      InvoiceNumber: p.payment ? `INV-${p.payment.reference}` : null,
      InvoiceDate: p.payment ? midnight(p.payment.on) : null,
      AmountInvoiced: p.payment ? amount(charges) : null,
      RRNo: null,
      RRDate: null,
      RRUser: null,
      RRBranch: null,
      PaymentID: p.payment?.reference ?? null,
      InstrumentNumber: p.payment ? `IBFT-${p.payment.reference}` : null,
      PaymentDate: p.payment ? midnight(p.payment.on) : null,
      AmountPaid: p.payment ? amount(collected - charges) : null,
      AdjustedPaymentID: null,
      AdjustedPaymentDate: null,
      // M&P lists events in no particular order: newest first here, so a client must sort them.
      CNTrackingDetail: [...p.events].reverse().map((e) => ({
        ConsignmentNumber: p.consignmentNumber,
        TrackingTagID: String(e.tag),
        TransactionTime: time(e.at),
        Location: e.location,
        TrackingStatus: e.status,
        TrackingNarration: e.narration,
        Event: e.event,
      })),
      CNTrackingInvDetail: p.payment
        ? [
            {
              ConsignmentNumber: p.consignmentNumber,
              InvoiceNumber: `INV-${p.payment.reference}`,
              InvoiceDate: midnight(p.payment.on),
              AmountInvoiced: amount(charges),
              InvoiceType: "COD",
            },
          ]
        : [],
    };
  };

  /** Wrong credentials are refused in M&P's words; the keys are read with the casing this endpoint's model has. */
  const signedIn = (source: Record<string, unknown>, userKey: string, passwordKey: string) =>
    source[userKey] === username && source[passwordKey] === password;
  const accountOk = (source: Record<string, unknown>, key: string) => source[key] === accountNo;

  const book = (body: Record<string, unknown>, reply: StandInReply) => {
    const refuse = (message: string) => answer(reply, false, message, { orderReferenceId: "" });
    const missing = BOOKING_KEYS.find((key) => !(key in body));
    if (missing) return refuse(`${missing} is missing`);
    for (const [field, message] of REQUIRED)
      if (typeof body[field] !== "string" || !String(body[field]).trim()) return refuse(message);
    for (const field of TEXT_FIELDS)
      if (String(body[field]).includes("'")) return refuse(`Special characters are not allowed in ${field}`);
    if (!isCity(body.destinationCityName)) return refuse("Invalid destination city");
    if (!/^03\d{9}$/.test(String(body.consigneeMobNo))) return refuse("Invalid consignee mobile number");
    if (!Number.isInteger(body.pieces) || Number(body.pieces) < 1) return refuse("Pieces must be greater than 0");
    if (typeof body.weight !== "number" || body.weight <= 0) return refuse("Weight must be greater than 0");
    if (typeof body.codAmount !== "number" || body.codAmount < 0) return refuse("Invalid COD amount");
    if (body.codAmount > 99_999) return refuse("COD amount cannot be greater than 99999");
    if (!["Overnight", "Second Day"].includes(String(body.service))) return refuse("Invalid service type");
    if (!isLocation(body.locationID)) return refuse("Invalid location");
    if (!Number.isInteger(body.ReturnLocation) || !isLocation(body.ReturnLocation))
      return refuse("Invalid Return Location");
    if (!Number.isInteger(body.InsertType) || !Number.isInteger(body.subAccountId))
      return refuse("Invalid InsertType or subAccountId");
    if (active(String(body.custRefNo))) return refuse("Customer reference number already exists");
    const consignmentNumber = String(next++);
    const bookedAt = new Date();
    const { username: _u, password: _p, ...request } = body;
    const parcel: MnpStandInParcel = {
      consignmentNumber,
      custRefNo: String(body.custRefNo),
      locationID: String(body.locationID),
      request,
      bookedAt,
      events: [],
      voided: false,
      awaitingAdvice: false,
      payment: null,
    };
    push(parcel, "Booking", "BOOKING", "Shipment booked", bookedAt, "LAHORE");
    parcels.set(consignmentNumber, parcel);
    if (loseAnswers > 0) {
      loseAnswers--;
      return reply.drop();
    }
    return answer(reply, true, "Order saved successfully!", { orderReferenceId: consignmentNumber });
  };

  const handle = (request: StandInRequest, reply: StandInReply) => {
    const route = `${request.method} ${request.path.slice(MNP_STAND_IN_PATH.length)}`;
    const notFound = () =>
      reply.json(404, {
        Message: `No HTTP resource was found that matches the request URI 'https://mnpcourier.com${request.path}'.`,
      });
    if (!request.path.startsWith(MNP_STAND_IN_PATH)) return notFound();
    if (request.method === "POST" && (typeof request.body !== "object" || request.body === null))
      return reply.json(400, { Message: "The request is invalid." });
    const body = (request.method === "POST" ? request.body : {}) as Record<string, unknown>;
    const query = request.query as Record<string, unknown>;
    const badLogin = (more: Record<string, unknown> = {}) => answer(reply, false, "Invalid username or password", more);
    const badAccount = (more: Record<string, unknown> = {}) => answer(reply, false, "Invalid account number", more);

    if (route === "GET Branches/Get_Cities") {
      // Get_Cities refuses with ASP.NET's bare Message, as a real client reads it.
      if (!signedIn(query, "username", "password")) return reply.json(200, { Message: "Invalid username or password" });
      if (!accountOk(query, "AccountNo")) return reply.json(200, { Message: "Invalid account number" });
      return reply.json(200, [{ City: cities }]);
    }
    if (route === "GET Locations/Get_locations") {
      if (!signedIn(query, "username", "password") || !accountOk(query, "AccountNo"))
        return reply.json(200, { isSucces: false, message: "Invalid username or password", locationList: null });
      return reply.json(200, { isSucces: true, message: "Success", locationList: locations });
    }
    if (route === "POST Booking/InsertBookingData") {
      if (!signedIn(body, "username", "password")) return badLogin({ orderReferenceId: "" });
      if (!accountOk(body, "AccountNo")) return badAccount({ orderReferenceId: "" });
      return book(body, reply);
    }
    if (route === "POST Reports/CN_Detail_Customer_Order_No") {
      if (!signedIn(body, "UserName", "Password")) return badLogin({ Details: [] });
      if (!accountOk(body, "AccountNumber")) return badAccount({ Details: [] });
      const reference = String(body.CustomerOrderRef ?? "").trim();
      if (!reference) return answer(reply, false, "CustomerOrderRef is required", { Details: [] });
      const found = [...parcels.values()].filter((p) => p.custRefNo === reference);
      if (found.length === 0) return answer(reply, false, "No record found", { Details: [] });
      return answer(reply, true, "Success", {
        Details: found.map((p) => ({
          ConsignmentNumber: p.consignmentNumber,
          CustomerOrderNo: p.custRefNo,
          BookingDate: time(p.bookedAt),
          ServiceType: p.request.service,
          Consignee: p.request.consigneeName,
          CODAmount: String(p.request.codAmount),
          CNStatus: p.voided ? "Void" : p.events[p.events.length - 1].status,
        })),
      });
    }
    if (route === "POST Booking/VoidConsignment") {
      if (!signedIn(body, "Username", "password")) return badLogin({ orderReferenceIdList: [] });
      if (!isLocation(body.locationID)) return answer(reply, false, "Invalid location", { orderReferenceIdList: [] });
      const numbers = Array.isArray(body.consignmentNumberList) ? body.consignmentNumberList.map(String) : [];
      if (numbers.length === 0)
        return answer(reply, false, "consignmentNumberList is required", { orderReferenceIdList: [] });
      // Unpublished: whether the per-CN list names the CN. Here it keeps the request's order only.
      const results = numbers.map((n) => {
        const p = parcels.get(n);
        const refuse = (message: string) => ({ success: "false", message });
        if (!p) return refuse("Invalid consignment number");
        // Assumed: a CN is voided through the location that booked it.
        if (p.locationID !== String(body.locationID).trim())
          return refuse("Consignment does not belong to this location");
        if (p.voided) return refuse("Consignment is already void");
        if (pickedUp(p)) return refuse("Consignment cannot be void, shipment has been picked up");
        p.voided = true;
        return { success: "true", message: "Consignment voided successfully" };
      });
      const any = results.some((r) => r.success === "true");
      return answer(reply, any, any ? "Success" : "Consignment could not be voided", {
        orderReferenceIdList: results,
      });
    }
    if (route === "POST Tracking/Bulk_Consignment_Tracking_New") {
      if (!signedIn(body, "Username", "Password")) return badLogin({ tracking_Details: [] });
      if (!accountOk(body, "AccountNo")) return badAccount({ tracking_Details: [] });
      const numbers = Array.isArray(body.Consignments) ? body.Consignments.map(String) : [];
      if (numbers.length === 0) return answer(reply, false, "Consignments are required", { tracking_Details: [] });
      if (numbers.length > 200)
        return answer(reply, false, "Maximum 200 consignments are allowed", { tracking_Details: [] });
      const found = numbers.flatMap((n) => (parcels.has(n) ? [trackingView(parcels.get(n)!)] : []));
      if (found.length === 0) return answer(reply, false, "No record found", { tracking_Details: [] });
      return answer(reply, true, "Success", { orderReferenceIdList: [], tracking_Details: found });
    }
    if (route === "GET ShipperAdvice/CloseShipperAdvice") {
      if (!signedIn(query, "username", "password")) return badLogin();
      if (!accountOk(query, "accountno")) return badAccount();
      const p = parcels.get(String(query.consignment ?? ""));
      if (!p) return answer(reply, false, "Invalid consignment number");
      const option = String(query.adviceoption ?? "");
      const reattempt = typeof query.reattempt === "string" ? query.reattempt : null;
      if (!["1", "2", "3"].includes(option)) return answer(reply, false, "Invalid advice option");
      if (option === "3" && !["1", "2", "3", "4"].includes(reattempt ?? ""))
        return answer(reply, false, "Reattempt option is required for re-attempt advice");
      if (option === "3" && reattempt === "2" && !String(query.consigneeaddress ?? "").trim())
        return answer(reply, false, "Consignee address is required for a new address");
      if (!p.awaitingAdvice) return answer(reply, false, "No active advice found against this consignment");
      p.awaitingAdvice = option === "1";
      advice.push({
        consignment: p.consignmentNumber,
        adviceoption: option,
        reattempt,
        remarks: String(query.remarks ?? ""),
      });
      return answer(reply, true, "Advice saved successfully");
    }
    return notFound();
  };

  const server = await startCourierServer(handle);

  const parcel = (consignmentNumber: string) => {
    const found = parcels.get(consignmentNumber);
    if (!found) throw new Error(`the M&P stand-in has no consignment ${consignmentNumber}`);
    return found;
  };

  return {
    url: `${server.origin}${MNP_STAND_IN_PATH}`,
    credentials: { username, password, accountNo },
    cities,
    locations,
    parcels,
    advice,
    seen: server.seen,
    parcelFor(orderNumber) {
      return [...parcels.values()].filter((p) => p.custRefNo === orderNumber).pop();
    },
    advance(consignmentNumber, step, { at = new Date(), reason } = {}) {
      const p = parcel(consignmentNumber);
      const destination = String(p.request.destinationCityName).trim().toUpperCase();
      const add = (status: string, event: string, narration: string, where = destination) =>
        push(p, status, event, narration, at, where);
      if (step === "picked-up") add("Arrived at OPS", "ARRIVAL", "Shipment arrived at origin facility", "LAHORE");
      else if (step === "in-transit") add("ROUTED", "ROUTED", `Shipment routed to ${destination}`, "LAHORE");
      else if (step === "delivered") {
        add("On Delivery", "ON DELIVERY", "Shipment is out for delivery");
        add("Delivered", "DELIVERED", `Received by ${String(p.request.consigneeName)}`);
      } else if (step === "attempted") {
        add("On Delivery", "ON DELIVERY", "Shipment is out for delivery");
        add("Undelivered", "UNDELIVERED", reason ?? "Consignee not available");
        p.awaitingAdvice = true;
      } else if (step === "refused") {
        add("On Delivery", "ON DELIVERY", "Shipment is out for delivery");
        add("RD", "RD", reason ?? "Consignee refused to accept");
      } else {
        add("Return to Origin", "RTO", reason ?? "Shipment returned to origin", "LAHORE");
        add("Return to Shipper", "RTS", "Shipment handed over to shipper", "LAHORE");
      }
    },
    settle(consignmentNumbers, { on, reference, charges }) {
      for (const n of consignmentNumbers) parcel(n).payment = { on, reference, chargesPaisa: toPaisa(charges) };
    },
    writeTimesAs(format) {
      timeFormat = format;
    },
    failNext: (times, failure) => server.failNext(times, failure),
    hangNext: (times) => server.hangNext(times),
    bookButLoseAnswer(times) {
      loseAnswers += times;
    },
    stop: () => server.stop(),
  };
}
