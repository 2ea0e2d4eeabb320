import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers } from "~/modules/shipping/tables";
import type { CourierPickupAddress } from "~/modules/shipping/tables";
import type { CourierProviderKind } from "~/db/schema/statuses";
import type { SecretBox } from "~/db/secret-box.server";
import {
  COURIER_PROVIDER_LABELS,
  CourierApiError,
  type CourierApi,
  type CourierCredentials,
} from "../couriers/courier-api";
import { getCourier } from "../couriers/couriers.server";
import { forgetCityMatches } from "./courier-cities.server";
import { CREDENTIALS_UNREADABLE, openCourierCredentials, sealCourierCredentials } from "./courier-credentials.server";
import { scrubSecrets } from "./scrub-secrets";
import { SYNC_EVERY_RANGE } from "./connection-form";

/** A courier's API connection as Settings shows it: never a credential, only its last four characters. */
export type CourierConnectionView = {
  courierId: number;
  name: string;
  provider: CourierProviderKind;
  hints: Record<string, string>;
  connectedAt: Date | null;
  cityCount: number;
  pickupAddresses: CourierPickupAddress[];
  pickupAddressCode: string | null;
  syncEveryMinutes: number;
  /** The saved credentials do not open (the auth secret changed): the owner enters them again. */
  unreadable: boolean;
  apiError: string | null;
};

export async function readCourierConnection(db: Db, box: SecretBox, courierId: number): Promise<CourierConnectionView> {
  const courier = await getCourier(db, courierId);
  return {
    courierId: courier.id,
    name: courier.name,
    provider: courier.provider,
    hints: courier.apiCredentialHints ?? {},
    connectedAt: courier.connectedAt,
    cityCount: courier.courierCities?.length ?? 0,
    pickupAddresses: courier.pickupAddresses ?? [],
    pickupAddressCode: courier.pickupAddressCode,
    syncEveryMinutes: courier.syncEveryMinutes,
    unreadable: openCourierCredentials(courier, box).unreadable,
    apiError: courier.apiError,
  };
}

export type ConnectOutcome =
  | { ok: true; message: string; cities: number; pickupAddresses: number }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * Test connection: asks the courier's API for its cities and the shop's pickup addresses with the
 * credentials typed (a field left empty keeps the saved one, when the courier already uses this
 * API). The courier's answer decides: refused or unreachable, its words come back and nothing is
 * saved; answered, the credentials are stored sealed (hints: last four), the API becomes how the
 * shop reaches this courier, and its cities and pickup addresses are stored for booking. Moving
 * from another API forgets the old city matches (their ids were the other courier's).
 */
export async function connectCourierApi(
  db: Db,
  box: SecretBox,
  api: CourierApi,
  courierId: number,
  typed: CourierCredentials,
  now = new Date(),
): Promise<ConnectOutcome> {
  const courier = await getCourier(db, courierId);
  const label = COURIER_PROVIDER_LABELS[api.kind];
  const saved = courier.provider === api.kind ? (openCourierCredentials(courier, box).credentials ?? {}) : {};
  const credentials: CourierCredentials = {};
  const fields: Record<string, string> = {};
  for (const field of api.credentialFields) {
    const value = typed[field.key]?.trim() || saved[field.key];
    if (value) credentials[field.key] = value;
    else fields[field.key] = `Enter the ${field.label}`;
  }
  if (Object.keys(fields).length)
    return { ok: false, message: "Nothing was saved: enter the fields marked below.", fields };
  let cities, addresses;
  try {
    cities = await api.cities(credentials);
    addresses = await api.pickupAddresses(credentials);
  } catch (error) {
    const words = error instanceof CourierApiError ? error.message : "no answer";
    return {
      ok: false,
      message: `${label} did not connect: ${scrubSecrets(words, credentials)}. Nothing was saved.`,
      fields: {},
    };
  }
  if (!cities.length)
    return {
      ok: false,
      message: `${label} answered with no cities: check the account with the courier. Nothing was saved.`,
      fields: {},
    };
  const { sealed, hints } = sealCourierCredentials(credentials, api.credentialFields, box);
  // The pickup address chosen before stays if the courier still has it; a single one is the choice.
  const pickupAddressCode = addresses.some((a) => a.code === courier.pickupAddressCode)
    ? courier.pickupAddressCode
    : addresses.length === 1
      ? addresses[0].code
      : null;
  await db.transaction(async (tx) => {
    if (courier.provider !== api.kind) await forgetCityMatches(tx, courier.id);
    await tx
      .update(couriers)
      .set({
        provider: api.kind,
        apiCredentials: sealed,
        apiCredentialHints: hints,
        courierCities: cities,
        pickupAddresses: addresses,
        pickupAddressCode,
        connectedAt: now,
        apiError: null,
        apiErrorAt: null,
        updatedAt: now,
      })
      .where(eq(couriers.id, courier.id));
  });
  return {
    ok: true,
    cities: cities.length,
    pickupAddresses: addresses.length,
    message: `Connected: ${cities.length} ${cities.length === 1 ? "city" : "cities"}, ${addresses.length} pickup ${addresses.length === 1 ? "address" : "addresses"}`,
  };
}

/** The pickup address the courier collects from (one of its list, or none) and how often tracking and payments are asked. */
export async function saveConnectionSettings(
  db: Db,
  courierId: number,
  input: { pickupAddressCode: string | null; syncEveryMinutes: number },
): Promise<{ ok: true } | { ok: false; fields: Record<string, string> }> {
  const courier = await getCourier(db, courierId);
  const fields: Record<string, string> = {};
  if (
    input.pickupAddressCode !== null &&
    !(courier.pickupAddresses ?? []).some((a) => a.code === input.pickupAddressCode)
  ) {
    fields.pickupAddressCode = "Choose one of the courier's pickup addresses (Test connection lists them)";
  }
  if (
    !Number.isInteger(input.syncEveryMinutes) ||
    input.syncEveryMinutes < SYNC_EVERY_RANGE.min ||
    input.syncEveryMinutes > SYNC_EVERY_RANGE.max
  ) {
    fields.syncEveryMinutes = `Enter whole minutes from ${SYNC_EVERY_RANGE.min} to ${SYNC_EVERY_RANGE.max}`;
  }
  if (Object.keys(fields).length) return { ok: false, fields };
  await db
    .update(couriers)
    .set({
      pickupAddressCode: input.pickupAddressCode,
      syncEveryMinutes: input.syncEveryMinutes,
      updatedAt: new Date(),
    })
    .where(eq(couriers.id, courier.id));
  return { ok: true };
}

/**
 * Use files again: the courier is reached through its portal's files, its credentials are deleted,
 * and its API city list and matches are forgotten. Parcels already booked over the API keep their
 * tracking numbers.
 */
export async function switchToCourierFiles(db: Db, courierId: number): Promise<void> {
  const courier = await getCourier(db, courierId);
  await db.transaction(async (tx) => {
    await forgetCityMatches(tx, courier.id);
    await tx
      .update(couriers)
      .set({
        provider: "file",
        apiCredentials: null,
        apiCredentialHints: null,
        courierCities: null,
        pickupAddresses: null,
        pickupAddressCode: null,
        connectedAt: null,
        apiError: null,
        apiErrorAt: null,
        updatedAt: new Date(),
      })
      .where(eq(couriers.id, courier.id));
  });
}

/** The message for a courier whose saved credentials cannot be used. */
export function credentialsProblem(view: Pick<CourierConnectionView, "provider" | "unreadable">): string | null {
  return view.provider !== "file" && view.unreadable ? CREDENTIALS_UNREADABLE : null;
}
