import type { Db } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import type { ApiCourierKind } from "~/db/schema/statuses";
import type { SeenRequest } from "~/integrations/couriers/courier-stand-in";
import { startMnpStandIn, type MnpJourneyStep, type MnpStandIn } from "~/integrations/couriers/mnp/mnp-stand-in";
import { startTcsStandIn, type TcsStandIn } from "~/integrations/couriers/tcs/tcs-stand-in";
import { startTraxStandIn, type TraxStandIn } from "~/integrations/couriers/trax/trax-stand-in";
import { connectCourierApi, saveConnectionSettings } from "~/modules/shipping/connection/courier-connection.server";
import type { CourierApis } from "~/modules/shipping/couriers/courier-api";
import { insertTestCourier } from "./test-shipments";

/** The couriers issue 45 brought over their APIs: TCS, Trax and M&P. */
export type NewCourierKind = Extract<ApiCourierKind, "tcs" | "trax" | "mnp">;
export const NEW_COURIER_KINDS: readonly NewCourierKind[] = ["tcs", "trax", "mnp"];
/** The couriers' rows are named as the owner names them: the history and messages say these names. */
export const NEW_COURIER_NAMES: Record<NewCourierKind, string> = { tcs: "TCS", trax: "Trax", mnp: "M&P" };
/** The pickup each booking goes from, as Settings -> Couriers -> API connection saves it. */
export const NEW_COURIER_PICKUP: Record<NewCourierKind, string> = { tcs: "001 - LHR", trax: "3016", mnp: "41" };
/** A step of a parcel's journey every one of the three stand-ins can take. */
export type NewCourierStep = MnpJourneyStep;

/** The three stand-ins, and what a test asks of any of them alike. */
export type NewCourierStandIns = {
  tcs: TcsStandIn;
  trax: TraxStandIn;
  mnp: MnpStandIn;
  credentialsOf: (c: NewCourierKind) => Record<string, string>;
  advance: (
    c: NewCourierKind,
    trackingNumber: string,
    step: NewCourierStep,
    options?: { at?: Date; reason?: string },
  ) => void;
  settle: (
    c: NewCourierKind,
    trackingNumbers: readonly string[],
    options: { on: string; reference: string; charges: number },
  ) => void;
  seen: (c: NewCourierKind) => SeenRequest[];
  stop: () => Promise<void>;
};

export async function startNewCourierStandIns(): Promise<NewCourierStandIns> {
  const [tcs, trax, mnp] = await Promise.all([startTcsStandIn(), startTraxStandIn(), startMnpStandIn()]);
  const of = { tcs, trax, mnp };
  return {
    tcs,
    trax,
    mnp,
    credentialsOf: (c) => ({ ...of[c].credentials }),
    advance: (c, trackingNumber, step, options = {}) => of[c].advance(trackingNumber, step, options),
    settle: (c, trackingNumbers, options) => of[c].settle(trackingNumbers, options),
    seen: (c) => of[c].seen,
    stop: async () => {
      await Promise.all([tcs.stop(), trax.stop(), mnp.stop()]);
    },
  };
}

/**
 * A courier row for each of the three, connected in Settings' own way (Test connection with the
 * stand-in's credentials, then its pickup and a sync interval): their ids by kind. Throws, with the
 * answer, when a connection is refused.
 */
export async function connectNewCouriers(
  db: Db,
  box: SecretBox,
  apis: CourierApis,
  standIns: NewCourierStandIns,
): Promise<Record<NewCourierKind, number>> {
  const ids: Record<NewCourierKind, number> = { tcs: 0, trax: 0, mnp: 0 };
  for (const c of NEW_COURIER_KINDS) {
    ids[c] = await insertTestCourier(db, NEW_COURIER_NAMES[c]);
    const connected = await connectCourierApi(db, box, apis[c], ids[c], standIns.credentialsOf(c));
    if (!connected.ok) throw new Error(`${NEW_COURIER_NAMES[c]} did not connect: ${JSON.stringify(connected)}`);
    const saved = await saveConnectionSettings(db, ids[c], {
      pickupAddressCode: NEW_COURIER_PICKUP[c],
      syncEveryMinutes: 60,
    });
    if (!saved.ok) throw new Error(`${NEW_COURIER_NAMES[c]}'s pickup was not saved: ${JSON.stringify(saved)}`);
  }
  return ids;
}
