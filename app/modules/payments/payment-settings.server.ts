import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { lastFour, type SecretBox } from "~/db/secret-box.server";
import {
  GATEWAY_LABELS,
  PAYMENT_GATEWAYS,
  PaymentGatewayError,
  type GatewayCredentials,
  type PaymentGateway,
  type PaymentGatewayName,
  type PaymentGateways,
} from "./payment-gateway";
import { DEFAULT_PAYMENT_RULES, type CheckoutPaymentOptions, type PaymentRules } from "./payment-rules";
import { paymentGateways, paymentSettings } from "./tables";

/** A gateway as Settings -> Payments shows it: never a key, only a secret's last four characters. */
export type GatewayView = {
  gateway: PaymentGatewayName;
  label: string;
  connected: boolean;
  offered: boolean;
  hints: Record<string, string>;
  connectedAt: Date | null;
  unreadable: boolean;
};

export async function readPaymentRules(db: DbOrTx): Promise<PaymentRules> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (!row) return { ...DEFAULT_PAYMENT_RULES };
  const { id: _id, updatedAt: _updatedAt, ...rules } = row;
  return rules;
}

export async function savePaymentRules(db: DbOrTx, rules: PaymentRules, now = new Date()): Promise<void> {
  await db
    .insert(paymentSettings)
    .values({ id: 1, ...rules, updatedAt: now })
    .onConflictDoUpdate({ target: paymentSettings.id, set: { ...rules, updatedAt: now } });
}

export async function readGateways(db: DbOrTx, box: SecretBox): Promise<GatewayView[]> {
  const rows = await db.select().from(paymentGateways);
  return PAYMENT_GATEWAYS.map((gateway) => {
    const row = rows.find((r) => r.gateway === gateway);
    return {
      gateway,
      label: GATEWAY_LABELS[gateway],
      connected: Boolean(row),
      offered: Boolean(row?.offered),
      hints: row?.credentialHints ?? {},
      connectedAt: row?.connectedAt ?? null,
      unreadable: row ? openKeys(row.credentials, box) === null : false,
    };
  });
}

/**
 * The gateways checkout offers, with their keys opened: connected, offered, and readable. Server
 * only: the keys go to the gateway's client and nowhere else.
 */
export async function offeredGateways(
  db: DbOrTx,
  box: SecretBox,
): Promise<{ gateway: PaymentGatewayName; credentials: GatewayCredentials }[]> {
  const rows = await db.select().from(paymentGateways).where(eq(paymentGateways.offered, true));
  return PAYMENT_GATEWAYS.flatMap((gateway) => {
    const row = rows.find((r) => r.gateway === gateway);
    const credentials = row ? openKeys(row.credentials, box) : null;
    return credentials ? [{ gateway, credentials }] : [];
  });
}

/** The gateways checkout offers (connected and offered), without opening their keys. */
export async function offeredGatewayNames(db: DbOrTx): Promise<PaymentGatewayName[]> {
  const rows = await db
    .select({ gateway: paymentGateways.gateway })
    .from(paymentGateways)
    .where(eq(paymentGateways.offered, true));
  return PAYMENT_GATEWAYS.filter((g) => rows.some((r) => r.gateway === g));
}

/** One gateway's keys, opened; null when it is not connected or its keys do not open. */
export async function gatewayKeys(
  db: DbOrTx,
  box: SecretBox,
  gateway: PaymentGatewayName,
): Promise<GatewayCredentials | null> {
  const [row] = await db.select().from(paymentGateways).where(eq(paymentGateways.gateway, gateway));
  return row ? openKeys(row.credentials, box) : null;
}

export type ConnectGatewayOutcome =
  { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Test and save: the keys typed (a field left empty keeps the saved one) are tried against the
 * gateway (`test`); refused or unreachable, its words come back and nothing is saved; answered, the
 * keys are stored sealed, hints are their last four characters, and checkout offers the gateway.
 */
export async function connectGateway(
  db: DbOrTx,
  box: SecretBox,
  gateways: PaymentGateways,
  name: PaymentGatewayName,
  typed: GatewayCredentials,
  now = new Date(),
): Promise<ConnectGatewayOutcome> {
  const gateway: PaymentGateway = gateways[name];
  const saved = (await gatewayKeys(db, box, name)) ?? {};
  const credentials: GatewayCredentials = {};
  const fields: Record<string, string> = {};
  for (const field of gateway.credentialFields) {
    const value = typed[field.key]?.trim() || saved[field.key];
    if (value) credentials[field.key] = value;
    else if (!field.optional) fields[field.key] = `Enter the ${field.label}`;
  }
  if (Object.keys(fields).length)
    return { ok: false, message: "Nothing was saved: enter the fields marked below.", fields };
  try {
    await gateway.test(credentials);
  } catch (error) {
    const words = error instanceof PaymentGatewayError ? error.message : "no answer";
    return {
      ok: false,
      message: `${GATEWAY_LABELS[name]} did not connect: ${redactSecrets(words, credentials)}. Nothing was saved.`,
      fields: {},
    };
  }
  const hints: Record<string, string> = {};
  for (const field of gateway.credentialFields) {
    const value = credentials[field.key];
    if (value) hints[field.key] = field.secret ? lastFour(value) : value;
  }
  const sealed = box.seal(JSON.stringify(credentials));
  await db
    .insert(paymentGateways)
    .values({
      gateway: name,
      credentials: sealed,
      credentialHints: hints,
      offered: true,
      connectedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: paymentGateways.gateway,
      set: { credentials: sealed, credentialHints: hints, offered: true, connectedAt: now, updatedAt: now },
    });
  return { ok: true, message: `${GATEWAY_LABELS[name]} connected: checkout offers it` };
}

/** Whether checkout offers a connected gateway; false when it is not connected. */
export async function setGatewayOffered(
  db: DbOrTx,
  name: PaymentGatewayName,
  offered: boolean,
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(paymentGateways)
    .set({ offered, updatedAt: now })
    .where(eq(paymentGateways.gateway, name))
    .returning({ gateway: paymentGateways.gateway });
  return updated.length > 0;
}

/** Forgets a gateway's keys: checkout stops offering it. */
export async function disconnectGateway(db: DbOrTx, name: PaymentGatewayName): Promise<void> {
  await db.delete(paymentGateways).where(eq(paymentGateways.gateway, name));
}

/** Defence in depth: the clients already cut keys out of their messages. */
function redactSecrets(text: string, credentials: GatewayCredentials): string {
  let out = text;
  for (const value of Object.values(credentials)) if (value.length >= 4) out = out.split(value).join("[redacted]");
  return out;
}

function openKeys(sealed: string, box: SecretBox): GatewayCredentials | null {
  try {
    const parsed: unknown = JSON.parse(box.open(sealed));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const keys: GatewayCredentials = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") keys[key] = value;
    return keys;
  } catch {
    return null;
  }
}

export async function checkoutPaymentOptions(db: DbOrTx): Promise<CheckoutPaymentOptions> {
  const [names, rules] = [await offeredGatewayNames(db), await readPaymentRules(db)];
  return {
    gateways: names.map((gateway) => ({ gateway, label: GATEWAY_LABELS[gateway] })),
    codFee: rules.codFee,
    codFeeWaivedAbove: rules.codFeeWaivedAbove,
  };
}
