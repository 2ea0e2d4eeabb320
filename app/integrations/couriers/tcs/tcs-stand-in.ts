import { randomBytes } from "node:crypto";
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
 * TCS's E-COM API stand-in for tests (API User Guide v1.0, docs/couriers/tcs-api.md), on loopback:
 * the bearer from GET /auth/api/auth?clientid&clientsecret, the accesstoken from GET
 * /ecom/api/authentication/token?username&password (with the bearer), both with an expiry; every
 * E-COM call wants the bearer and the accesstoken (the query of a GET, the body of a POST: elsewhere
 * it is not seen), tracking the bearer alone; an unknown or expired token is refused with 401 in
 * TCS's shapes. It keeps consignments in memory (booked from a cost centre, cancelled before pickup,
 * tracked newest first, paid), lets a test drive a journey (`advance`), pay (`settle`), expire the
 * tokens it issued (`expireTokens`), and fail on demand (`failNext`, `hangNext`, `bookButLoseAnswer`).
 * The words of refusals the guide does not spell are the stand-in's own. Test-only.
 */
export type TcsJourneyStep =
  "picked-up" | "in-transit" | "out-for-delivery" | "attempted" | "delivered" | "refused" | "returned";

export type TcsCredentials = {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  accountNo: string;
};

export type TcsCity = { citycode: string; cityname: string };

export type TcsCostCentre = {
  costcentercode: string;
  costcentercity: string;
  costcentername: string;
  phoneno: string;
  email: string;
  pickupaddress: string;
  returnaddress: string;
  printonlabel: "Y" | "N";
};

/** One scan: a checkpoint's words, and a deliveryinfo row (with its code) when it is a delivery outcome. */
export type TcsScan = {
  status: string;
  at: Date;
  station: string;
  receivedBy: string | null;
  delivery: { status: string; code: string } | null;
};

export type TcsStandInParcel = {
  trackingNumber: string;
  orderNumber: string;
  /** The Booking - Create request as sent (without the accesstoken). */
  request: Record<string, unknown>;
  bookedAt: Date;
  /** Oldest first (TCS answers them newest first). */
  scans: TcsScan[];
  cancelled: boolean;
  payment: { on: string; reference: string; chargesPaisa: number } | null;
};

export type TcsStandIn = {
  /** The base address to give the client (TCS_API_URL): the host, the paths follow. */
  url: string;
  credentials: TcsCredentials;
  cities: TcsCity[];
  costCentres: TcsCostCentre[];
  parcels: Map<string, TcsStandInParcel>;
  seen: SeenRequest[];
  /** Sign-ins asked for: bearer tokens (step 1) and accesstokens (step 2). */
  tokenRequests: { bearer: number; accessToken: number };
  /** The consignment booked for an order number (the last, should there be two). */
  parcelFor: (orderNumber: string) => TcsStandInParcel | undefined;
  cityCode: (name: string) => string;
  advance: (trackingNumber: string, step: TcsJourneyStep, options?: { at?: Date; reason?: string }) => void;
  /**
   * TCS pays for these consignments: Payment/status says "Y", the payment date, the delivery charges
   * and the amount paid. TCS's answer names no reference: `reference` is kept here only.
   */
  settle: (
    trackingNumbers: readonly string[],
    options: { on: string; reference: string; charges: number | string },
  ) => void;
  /** Every token issued so far expires now: the next call with one is refused with 401. */
  expireTokens: () => void;
  /** The next `times` requests answer this HTTP status with an HTML page (200: an answer the client cannot read). */
  failNext: (times: number, failure?: { status?: 500 | 502 | 503 | 504 | 429 | 200 }) => void;
  hangNext: (times: number) => void;
  /** The next `times` Booking - Create requests book the consignment, then drop the connection unanswered. */
  bookButLoseAnswer: (times: number) => void;
  stop: () => Promise<void>;
};

const CITY_CODES: Record<string, string> = {
  Lahore: "LHE",
  Karachi: "KHI",
  Islamabad: "ISB",
  Rawalpindi: "RWP",
  Faisalabad: "FSD",
  Multan: "MUX",
  Peshawar: "PEW",
  Quetta: "UET",
  Sialkot: "SKT",
  Gujranwala: "GRW",
  Hyderabad: "HDD",
  Bahawalpur: "BHV",
  Sargodha: "SGD",
  Sukkur: "SKZ",
  Abbottabad: "ABT",
  Muzaffargarh: "MZG",
  "Rahim Yar Khan": "RYK",
};

const DEFAULT_COST_CENTRES: TcsCostCentre[] = [
  {
    costcentercode: "001 - LHR",
    costcentercity: "LAHORE",
    costcentername: "Kapra LHR",
    phoneno: "03447274889",
    email: "store@kapra.example",
    pickupaddress: "Plot 12, Sundar Industrial Estate",
    returnaddress: "Plot 12, Sundar Industrial Estate",
    printonlabel: "Y",
  },
  {
    costcentercode: "002 - KHI",
    costcentercity: "KARACHI",
    costcentername: "Kapra KHI",
    phoneno: "03211112223",
    email: "karachi@kapra.example",
    pickupaddress: "Shop 4, Tariq Road",
    returnaddress: "Shop 4, Tariq Road",
    printonlabel: "Y",
  },
];

const UNAUTHORIZED_BEARER = {
  code: 401,
  message: "Invalid Bearer token. Mismatch configuration.",
  status: "UnAuthorized",
};
const UNAUTHORIZED_ACCESS = { code: "UnAuthorized", message: "Invalid access token", status: 401 };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export async function startTcsStandIn({
  credentials: given = {},
  costCentres = DEFAULT_COST_CENTRES,
  tokenLifetimeMs = 8 * 3_600_000,
}: {
  credentials?: Partial<TcsCredentials>;
  costCentres?: TcsCostCentre[];
  tokenLifetimeMs?: number;
} = {}): Promise<TcsStandIn> {
  const credentials: TcsCredentials = {
    clientId: "205659575",
    clientSecret: "tcs-stand-in-secret-4b1d9e",
    username: "kapra.envio",
    password: "Envio#pass-2291",
    accountNo: "04011K1",
    ...given,
  };
  const cities: TcsCity[] = [
    ...STAND_IN_CITIES.map((name) => ({ citycode: CITY_CODES[name], cityname: name.toUpperCase() })),
    { citycode: "TAL", cityname: "TALL" },
    { citycode: "TDJ", cityname: "TANDO JAM" },
  ];
  const parcels = new Map<string, TcsStandInParcel>();
  const bearers = new Map<string, number>();
  const accessTokens = new Map<string, number>();
  const tokenRequests = { bearer: 0, accessToken: 0 };
  let next = 779_400_000_000 + Math.floor(Math.random() * 1_000_000);
  let loseAnswers = 0;

  const traceid = () => randomBytes(8).toString("hex");
  const validation = (reply: StandInReply, errors: Record<string, string>[]) =>
    reply.json(400, { error: errors, message: "One or more validation errors occurred.", traceid: traceid() });
  const day = (at: Date) => pakistanWallTime(at).slice(0, 10);
  const ddmmyyyy = (isoDay: string) => isoDay.split("-").reverse().join("/");

  const handle = (request: StandInRequest, reply: StandInReply) => {
    const route = `${request.method} ${request.path}`;
    const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
    const q = request.query;

    // Step 1: a GET's parameters are read from its query (a GET body is dropped, as TCS's server does).
    if (route === "GET /auth/api/auth") {
      tokenRequests.bearer++;
      if (q.clientid !== credentials.clientId || q.clientsecret !== credentials.clientSecret)
        return reply.json(401, { result: null, status: false, code: "401" });
      const expiresAt = Date.now() + tokenLifetimeMs;
      const bearer = `eyJhbGciOiJIUzI1NiJ9.${randomBytes(24).toString("base64url")}.${randomBytes(16).toString("base64url")}`;
      bearers.set(bearer, expiresAt);
      return reply.json(200, {
        result: {
          accessToken: bearer,
          expiry: new Date(expiresAt).toISOString().replace(/\.\d+Z$/, "Z"),
          userInformation: null,
        },
        status: true,
        code: "0200",
      });
    }

    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    if (!bearer || !((bearers.get(bearer) ?? 0) > Date.now())) return reply.json(401, UNAUTHORIZED_BEARER);

    // Step 2, with the bearer.
    if (route === "GET /ecom/api/authentication/token") {
      tokenRequests.accessToken++;
      if (q.username !== credentials.username || q.password !== credentials.password)
        return reply.json(401, { code: "UnAuthorized", message: "Invalid username or password", status: 401 });
      const expiresAt = Date.now() + tokenLifetimeMs;
      // Base64 with + / = in it, as TCS's are: the client must encode it in a query.
      const accessToken = `jcgw+U85g/${randomBytes(30).toString("base64")}`;
      accessTokens.set(accessToken, expiresAt);
      return reply.json(200, {
        accesstoken: accessToken,
        expiry: new Date(expiresAt).toISOString().replace(/Z$/, "4875Z"),
        message: "success",
        traceid: traceid(),
      });
    }

    if (route === "GET /tracking/api/Tracking/GetDynamicTrackDetail") return track(reply, q.consignee);

    if (!request.path.startsWith("/ecom/api/"))
      return reply.json(404, { message: "Resource not found", traceid: traceid() });
    const token = request.method === "GET" ? q.accesstoken : body.accesstoken;
    if (typeof token !== "string" || !((accessTokens.get(token) ?? 0) > Date.now()))
      return reply.json(401, UNAUTHORIZED_ACCESS);

    if (route === "GET /ecom/api/setup/citylistbycountry") {
      if (!q.countrycode) return validation(reply, [{ countrycode: "The countrycode field is required." }]);
      return reply.json(200, { message: "SUCCESS", data: q.countrycode === "PK" ? cities : [], traceid: traceid() });
    }
    if (route === "GET /ecom/api/inquiry/costcenterinquiry") {
      if (q.customerno !== credentials.accountNo)
        return reply.json(200, { detail: null, message: "Failure: No Record Founds", traceid: traceid() });
      return reply.json(200, { detail: costCentres, message: "success", traceid: traceid() });
    }
    if (route === "POST /ecom/api/booking/create") return book(reply, body);
    if (route === "POST /ecom/api/booking/cancel") {
      const parcel = parcels.get(String(body.consignmentNumber ?? body.ConsignmentNumber ?? ""));
      const failure = (message: string) => reply.json(200, { message, traceid: traceid() });
      if (!parcel) return failure("Failure: No Record Founds");
      if (parcel.cancelled) return failure("Failure: Consignment already cancelled");
      if (parcel.scans.length > 0) return failure("Failure: Shipment already picked up, it cannot be cancelled");
      parcel.cancelled = true;
      parcel.scans.push({
        status: "Cancelled",
        at: new Date(),
        station: "",
        receivedBy: null,
        delivery: { status: "Cancelled", code: "CN" },
      });
      return reply.json(200, { message: "SUCCESS", traceid: traceid() });
    }
    if (route === "GET /ecom/api/Payment/status") {
      const parcel = parcels.get(q.consignmentno ?? "");
      if (!q.customerno || !q.consignmentno)
        return validation(reply, [{ [q.customerno ? "consignmentno" : "customerno"]: "The field is required." }]);
      if (!parcel || q.customerno !== credentials.accountNo)
        return reply.json(200, { detail: null, message: "Invalid CN", status: "true", traceid: traceid() });
      return reply.json(200, { detail: [paymentRow(parcel)], message: "SUCCESS", status: "true", traceid: traceid() });
    }
    if (route === "GET /ecom/api/print/label") {
      const parcel = parcels.get(q.consignmentno ?? "");
      if (!parcel) return reply.json(200, { message: "CN not found", url: "", traceid: traceid() });
      return reply.bytes(200, "application/pdf", tinyPdf(`TCS airway bill ${parcel.trackingNumber}`));
    }
    return reply.json(404, { message: `No such endpoint: ${route}`, traceid: traceid() });
  };

  function book(reply: StandInReply, body: Record<string, unknown>) {
    const errors = bookingErrors(body);
    if (errors.length > 0) return validation(reply, errors);
    const shipment = body.shipmentinfo as Record<string, unknown>;
    const trackingNumber = String(next++);
    const { accesstoken: _token, ...rest } = body;
    parcels.set(trackingNumber, {
      trackingNumber,
      orderNumber: String(shipment.referenceno ?? ""),
      request: rest,
      bookedAt: new Date(),
      scans: [],
      cancelled: false,
      payment: null,
    });
    if (loseAnswers > 0) {
      loseAnswers--;
      return reply.drop();
    }
    const time = pakistanWallTime(new Date()).slice(11, 19);
    return reply.json(200, {
      response: "SUCCESS",
      consignmentNo: trackingNumber,
      code: "200",
      status: true,
      message: "success",
      requestTime: time,
      responseTime: time,
    });
  }

  /** The guide's mandatory fields and lengths, the account, the cost centre, the city and the mobile numbers. */
  function bookingErrors(body: Record<string, unknown>): Record<string, string>[] {
    const errors: Record<string, string>[] = [];
    const part = (name: string) =>
      body[name] && typeof body[name] === "object" ? (body[name] as Record<string, unknown>) : null;
    const shipper = part("shipperinfo");
    const consignee = part("consigneeinfo");
    const shipment = part("shipmentinfo");
    for (const [name, value] of [
      ["shipperinfo", shipper],
      ["consigneeinfo", consignee],
      ["shipmentinfo", shipment],
    ] as const)
      if (!value) errors.push({ [name]: `The ${name} field is required.` });
    if (!shipper || !consignee || !shipment) return errors;
    const length = (path: string, value: unknown, min: number, max: number, required = true) => {
      if (value === undefined || value === null || value === "") {
        if (required) errors.push({ [path]: `The ${path.split(".").pop()} field is required.` });
      } else if (typeof value !== "string" || value.length < min || value.length > max)
        errors.push({ [path]: `Length must be between ${min} and ${max}` });
    };
    length("shipperinfo.tcsaccount", shipper.tcsaccount, 3, 12);
    if (shipper.tcsaccount && shipper.tcsaccount !== credentials.accountNo)
      errors.push({ "shipperinfo.tcsaccount": "Invalid TCS account number" });
    length("shipperinfo.shippername", shipper.shippername, 3, 50);
    length("shipperinfo.address1", shipper.address1, 3, 120);
    length("shipperinfo.cityname", shipper.cityname, 3, 50);
    if (!/^\d{11}$/.test(String(shipper.mobile ?? "")))
      errors.push({ "shipperinfo.mobile": "Mobile number must be 11 digits Like (0300xxxxxxx)" });
    length("consigneeinfo.firstname", consignee.firstname, 3, 50);
    length("consigneeinfo.middlename", consignee.middlename, 3, 50);
    length("consigneeinfo.lastname", consignee.lastname, 3, 50, false);
    length("consigneeinfo.address1", consignee.address1, 3, 120);
    length("consigneeinfo.email", consignee.email, 3, 50, false);
    length("consigneeinfo.cityname", consignee.cityname, 3, 50);
    for (const who of [shipper, consignee]) {
      const prefix = who === shipper ? "shipperinfo" : "consigneeinfo";
      if (who.countrycode !== "PK") errors.push({ [`${prefix}.countrycode`]: "Invalid country code" });
      if (!who.countryname) errors.push({ [`${prefix}.countryname`]: "The countryname field is required." });
    }
    for (const key of ["lat", "lng"])
      if (key in consignee && !/^-?\d+\.\d+$/.test(String(consignee[key])))
        errors.push({ [`consigneeinfo.${key}`]: "Insert valid Decimal number" });
    if (!/^03\d{9}$/.test(String(consignee.mobile ?? "")))
      errors.push({ "consigneeinfo.mobile": "Mobile number must be 11 digits Like (0300xxxxxxx)" });
    const city = cities.find((c) =>
      consignee.citycode ? c.citycode === consignee.citycode : c.cityname === String(consignee.cityname).toUpperCase(),
    );
    if (!city || String(consignee.cityname ?? "").toUpperCase() !== city.cityname)
      errors.push({ "consigneeinfo.cityname": "Invalid destination city" });
    if (!costCentres.some((c) => c.costcentercode === shipment.costcentercode))
      errors.push({ "shipmentinfo.costcentercode": "Invalid cost center code" });
    length("shipmentinfo.referenceno", shipment.referenceno, 3, 50, false);
    length("shipmentinfo.contentdesc", shipment.contentdesc, 3, 999, false);
    length("shipmentinfo.remarks", shipment.remarks, 3, 500, false);
    if (shipment.servicecode !== "O") errors.push({ "shipmentinfo.servicecode": "Invalid service code" });
    if (shipment.currency !== "PKR") errors.push({ "shipmentinfo.currency": "Invalid currency" });
    const cod = shipment.codamount;
    if (typeof cod !== "number" || !Number.isInteger(cod) || cod < 0 || cod > 250_000)
      errors.push({ "shipmentinfo.codamount": "Value must be between 0 and 250000" });
    if (typeof shipment.weightinkg !== "number" || !(shipment.weightinkg > 0))
      errors.push({ "shipmentinfo.weightinkg": "Insert valid Decimal number" });
    if (typeof shipment.pieces !== "number" || !Number.isInteger(shipment.pieces) || shipment.pieces < 1)
      errors.push({ "shipmentinfo.pieces": "Value must be at least 1" });
    if (typeof shipment.fragile !== "boolean")
      errors.push({ "shipmentinfo.fragile": "The fragile field is required." });
    return errors;
  }

  function track(reply: StandInReply, consignee: string | undefined) {
    if (!consignee) return validation(reply, [{ consignee: "The consignee field is required." }]);
    const parcel = parcels.get(consignee);
    if (!parcel) {
      return reply.json(200, {
        shipmentinfo: null,
        deliveryinfo: null,
        checkpoints: null,
        shipmentsummary: "No Data Found/Invalid CN",
        message: "FAIL",
        traceid: traceid(),
      });
    }
    const consigneeInfo = parcel.request.consigneeinfo as Record<string, unknown>;
    const shipperInfo = parcel.request.shipperinfo as Record<string, unknown>;
    const newestFirst = [...parcel.scans].reverse();
    const last = newestFirst[0];
    const [y, m, d] = day(parcel.bookedAt).split("-");
    return reply.json(200, {
      shipmentinfo: [
        {
          consignmentno: parcel.trackingNumber,
          bookingdate: `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`,
          shipper: shipperInfo.shippername,
          consignee: consigneeInfo.firstname,
          origin: shipperInfo.cityname,
          origincountry: "PAK",
          destination: consigneeInfo.cityname,
          destinationcountry: "PAK",
          referenceno: parcel.orderNumber || "NA",
        },
      ],
      deliveryinfo: newestFirst.flatMap((scan) =>
        scan.delivery
          ? [
              {
                consignmentno: parcel.trackingNumber,
                station: scan.station,
                datetime: tcsTime(scan.at),
                recievedby: scan.receivedBy,
                status: scan.delivery.status,
                code: scan.delivery.code,
                allowshow: "Y",
              },
            ]
          : [],
      ),
      checkpoints: newestFirst
        .filter((scan) => scan.status !== "Cancelled")
        .map((scan) => ({
          consignmentno: parcel.trackingNumber,
          datetime: tcsTime(scan.at),
          recievedby: scan.receivedBy ?? scan.station,
          status: scan.status,
        })),
      shipmentsummary: last ? `Current Status: ${last.status.toUpperCase()}` : "Current Status: BOOKED",
      message: "SUCCESS",
      traceid: traceid(),
    });
  }

  function paymentRow(parcel: TcsStandInParcel) {
    const shipment = parcel.request.shipmentinfo as Record<string, unknown>;
    const consignee = parcel.request.consigneeinfo as Record<string, unknown>;
    const outcome = [...parcel.scans].reverse().find((s) => s.delivery)?.delivery?.code ?? "";
    const delivered = parcel.scans.find((s) => s.delivery?.code === "OK");
    const paid = parcel.payment;
    const codPaisa = toPaisa(Number(shipment.codamount));
    return {
      "booking date": ddmmyyyy(day(parcel.bookedAt)),
      "cn by courier": parcel.trackingNumber,
      "cn status": outcome,
      "order no": parcel.orderNumber,
      "payment status": paid ? "Y" : "N",
      "amount paid": paid && outcome === "OK" ? rupees(codPaisa - paid.chargesPaisa) : 0,
      "parcel weight": shipment.weightinkg,
      city: consignee.citycode ?? "",
      "delivery charges": paid ? rupees(paid.chargesPaisa) : 0,
      "delivery date": delivered ? ddmmyyyy(day(delivered.at)) : null,
      "payment date": paid ? ddmmyyyy(paid.on) : null,
    };
  }

  const server = await startCourierServer(handle);

  const parcel = (trackingNumber: string) => {
    const found = parcels.get(trackingNumber);
    if (!found) throw new Error(`the TCS stand-in has no consignment ${trackingNumber}`);
    return found;
  };

  return {
    url: server.origin,
    credentials,
    cities,
    costCentres,
    parcels,
    seen: server.seen,
    tokenRequests,
    parcelFor(orderNumber) {
      return [...parcels.values()].filter((p) => p.orderNumber === orderNumber).pop();
    },
    cityCode(name) {
      const city = cities.find((c) => c.cityname === name.toUpperCase());
      if (!city) throw new Error(`the TCS stand-in has no city ${name}`);
      return city.citycode;
    },
    advance(trackingNumber, step, { at = new Date(), reason } = {}) {
      const p = parcel(trackingNumber);
      const origin = String((p.request.shipperinfo as Record<string, unknown>).cityname ?? "");
      const consignee = p.request.consigneeinfo as Record<string, unknown>;
      const destination = String(consignee.cityname ?? "");
      const scan = (
        status: string,
        station: string,
        delivery: TcsScan["delivery"] = null,
        receivedBy: string | null = null,
      ) => p.scans.push({ status, at, station, receivedBy, delivery });
      if (step === "picked-up") scan("Shipment Picked Up", origin);
      else if (step === "in-transit") scan("Arrived at TCS Facility", destination);
      else if (step === "out-for-delivery") scan("Out For Delivery", destination);
      else if (step === "attempted")
        scan(`Undelivered - ${reason ?? "Consignee Not Available"}`, destination, {
          status: "Awaiting Receiver Collection",
          code: "SC",
        });
      else if (step === "delivered")
        scan(
          "Shipment Delivered",
          destination,
          { status: "Delivered", code: "OK" },
          String(consignee.firstname).toUpperCase(),
        );
      else if (step === "refused") scan(`Refused - ${reason ?? "Consignee Refused To Accept"}`, destination);
      else scan("Returned to shipper", origin, { status: "Returned to Origin", code: "RO" });
    },
    settle(trackingNumbers, { on, reference, charges }) {
      for (const n of trackingNumbers) parcel(n).payment = { on, reference, chargesPaisa: toPaisa(charges) };
    },
    expireTokens() {
      for (const map of [bearers, accessTokens]) for (const key of map.keys()) map.set(key, Date.now() - 1);
    },
    failNext: (times, failure) => server.failNext(times, failure),
    hangNext: (times) => server.hangNext(times),
    bookButLoseAnswer(times) {
      loseAnswers += times;
    },
    stop: () => server.stop(),
  };
}

/** "Thursday Oct 17, 2024 12:58": TCS's tracking time, Pakistan wall time to the minute. */
export function tcsTime(at: Date): string {
  const wall = pakistanWallTime(at);
  const [y, m, d] = wall.slice(0, 10).split("-").map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday} ${MONTHS[m - 1]} ${d}, ${y} ${wall.slice(11, 16)}`;
}
