import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/http/auth-guard.server";
import { courierOr404 } from "~/http/courier-route.server";
import { setFlash } from "~/http/flash.server";
import { formKey } from "~/lib/form-key";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import {
  API_COURIER_KINDS,
  parseConnectForm,
  parseConnectionSettingsForm,
  SYNC_EVERY_RANGE,
} from "~/modules/shipping/connection/connection-form";
import {
  connectCourierApi,
  credentialsProblem,
  readCourierConnection,
  saveConnectionSettings,
  switchToCourierFiles,
} from "~/modules/shipping/connection/courier-connection.server";
import { COURIER_PROVIDER_LABELS } from "~/modules/shipping/couriers/courier-api";
import type { Route } from "./+types/seller-settings-courier-connection";

const connectionPath = (id: number) => `/seller/settings/couriers/${id}/connection`;

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  pageMeta({
    matches,
    title: loaded ? `${loaded.view.name}: API connection` : "API connection",
    noindex: true,
    description: "How the shop reaches this courier: its portal's files, or its merchant API.",
    path: loaded ? connectionPath(loaded.view.courierId) : "/seller/settings/couriers",
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const view = await readCourierConnection(
    context.db,
    context.secretBoxes["courier-credentials"],
    (await courierOr404(context.db, params)).id,
  );
  // Never a credential: which fields each API asks for, and the saved ones' last four characters.
  const apis = API_COURIER_KINDS.map((kind) => ({
    kind,
    label: COURIER_PROVIDER_LABELS[kind],
    fields: context.providers.couriers.api[kind].credentialFields.map((f) => ({ ...f })),
  }));
  return {
    view: { ...view, connectedAt: view.connectedAt ? formatShopDateTimeHour12(view.connectedAt) : null },
    problem: credentialsProblem(view),
    apis,
  };
}

export type ConnectionActionData =
  | { intent: "connect"; kind: string; message: string; fields: Record<string, string> }
  | {
      intent: "settings";
      message: string;
      fields: Record<string, string>;
      values: { pickupAddressCode: string; syncEveryMinutes: string };
    }
  | { intent: null; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const courierId = (await courierOr404(context.db, params)).id;
  const form = Object.fromEntries(await request.formData());
  const box = context.secretBoxes["courier-credentials"];
  const done = async (message: string) =>
    redirect(connectionPath(courierId), { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  switch (form.intent) {
    case "connect": {
      const parsed = parseConnectForm(form);
      if (!parsed.ok)
        return data<ConnectionActionData>(
          { intent: "connect", kind: String(form.provider ?? ""), message: parsed.message, fields: {} },
          { status: 400 },
        );
      const outcome = await connectCourierApi(
        context.db,
        box,
        context.providers.couriers.api[parsed.kind],
        courierId,
        parsed.typed,
      );
      if (!outcome.ok)
        return data<ConnectionActionData>(
          { intent: "connect", kind: parsed.kind, message: outcome.message, fields: outcome.fields },
          { status: 400 },
        );
      return done(outcome.message);
    }
    case "settings": {
      const parsed = parseConnectionSettingsForm(form);
      const saved = parsed.ok ? await saveConnectionSettings(context.db, courierId, parsed.data) : parsed;
      if (!saved.ok) {
        return data<ConnectionActionData>(
          {
            intent: "settings",
            message: "Nothing was saved: please correct the fields marked below.",
            fields: saved.fields,
            values: parsed.values,
          },
          { status: 400 },
        );
      }
      return done("Connection settings saved");
    }
    case "use-files": {
      await switchToCourierFiles(context.db, courierId);
      return done("The courier is reached through its portal's files again: its API credentials are deleted.");
    }
    default:
      return data<ConnectionActionData>(
        { intent: null, message: "That action is not known here: reload the page and try again." },
        { status: 400 },
      );
  }
}

/** Settings -> Couriers -> {courier} -> API connection: files or an API, its credentials (never shown), Test connection, pickup address and sync. */
export default function SellerSettingsCourierConnection({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const { view, problem, apis } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const connectAnswer = actionData?.intent === "connect" ? actionData : null;
  const settingsAnswer = actionData?.intent === "settings" ? actionData : null;
  const usesApi = view.provider !== "file";
  // The API in use first; then the other.
  const ordered = [...apis].sort((a, b) => Number(b.kind === view.provider) - Number(a.kind === view.provider));
  const settingsValues = settingsAnswer?.values ?? {
    pickupAddressCode: view.pickupAddressCode ?? "",
    syncEveryMinutes: String(view.syncEveryMinutes),
  };

  return (
    <div className="grid gap-6">
      <section aria-labelledby="connection-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="connection-title" className="min-w-0 break-words text-xl font-semibold text-stone-900">
            {view.name}: API connection
          </h2>
          <Link to="/seller/settings/couriers" className="text-sm font-medium text-brand-700 underline">
            Back to couriers
          </Link>
        </div>
        <p className="mt-1 text-sm text-stone-700">
          With files, you upload the booking file to the courier&apos;s portal and bring its reports back. With the
          courier&apos;s API, a booking gets its tracking number and airway bill at once, and tracking and payments
          arrive by themselves.
        </p>
        <p
          data-testid="connection-state"
          className={`mt-2 rounded-lg px-4 py-3 text-sm font-medium ${usesApi ? "bg-green-50 text-green-900" : "bg-stone-50 text-stone-800"}`}
        >
          {usesApi
            ? `Reached through ${COURIER_PROVIDER_LABELS[view.provider]}${view.connectedAt ? `, connected ${view.connectedAt}` : ""}: ${view.cityCount} cities, ${view.pickupAddresses.length} pickup ${view.pickupAddresses.length === 1 ? "address" : "addresses"}.`
            : "Reached through files (the courier's portal)."}
        </p>
        {problem && (
          <div className="mt-2">
            <FormAlert>{problem}</FormAlert>
          </div>
        )}
        {usesApi && view.apiError && (
          <p className="mt-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
            Last problem with the API: {view.apiError}
          </p>
        )}
        {usesApi && (
          <p className="mt-2 text-sm">
            <Link
              to={`/seller/settings/couriers/${view.courierId}/cities`}
              className="font-medium text-brand-700 underline"
            >
              Match the shop&apos;s cities to {view.name}&apos;s
            </Link>
          </p>
        )}
      </section>

      {ordered.map((api) => {
        const current = view.provider === api.kind;
        const answer = connectAnswer?.kind === api.kind ? connectAnswer : null;
        return (
          // A fresh form (empty secret fields) after every answer: a typed secret never stays in the page.
          <Form
            key={`${api.kind}:${formKey(location.key, answer)}`}
            method="post"
            noValidate
            aria-labelledby={`connect-${api.kind}`}
            className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
          >
            <h3 id={`connect-${api.kind}`} className="text-lg font-semibold text-stone-900">
              {current ? `${api.label} (in use)` : `Use ${api.label}`}
            </h3>
            {answer && <FormAlert>{answer.message}</FormAlert>}
            <input type="hidden" name="intent" value="connect" />
            <input type="hidden" name="provider" value={api.kind} />
            <div className="grid gap-4 sm:grid-cols-2">
              {api.fields.map((field) => {
                const hint =
                  current && view.hints[field.key]
                    ? field.secret
                      ? `Saved: •••• ${view.hints[field.key]}. Leave empty to keep it.`
                      : `Saved: ${view.hints[field.key]}. Leave empty to keep it.`
                    : undefined;
                return (
                  <TextField
                    key={field.key}
                    label={field.label}
                    name={`cred-${field.key}`}
                    type={field.secret ? "password" : "text"}
                    autoComplete={field.secret ? "new-password" : "off"}
                    required={!hint}
                    error={answer?.fields[field.key]}
                    hint={hint}
                  />
                );
              })}
            </div>
            <p className="text-sm text-stone-700">
              Test connection asks {api.label.replace(/ API$/, "")} for its cities and your pickup addresses; the
              credentials are saved (encrypted) only if it answers.
            </p>
            <div>
              <button type="submit" className="btn-primary" disabled={posting === "connect"}>
                {posting === "connect" ? "Testing..." : "Test connection and save"}
              </button>
            </div>
          </Form>
        );
      })}

      {usesApi && (
        <Form
          method="post"
          noValidate
          key={formKey(location.key, settingsAnswer, settingsValues)}
          aria-labelledby="sync-title"
          className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
        >
          <h3 id="sync-title" className="text-lg font-semibold text-stone-900">
            Pickup and sync
          </h3>
          {settingsAnswer && <FormAlert>{settingsAnswer.message}</FormAlert>}
          <input type="hidden" name="intent" value="settings" />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="pickupAddressCode" className="field-label">
                Pickup address
              </label>
              <select
                id="pickupAddressCode"
                name="pickupAddressCode"
                className="field-input"
                defaultValue={settingsValues.pickupAddressCode}
                aria-invalid={settingsAnswer?.fields.pickupAddressCode ? true : undefined}
                aria-describedby={settingsAnswer?.fields.pickupAddressCode ? "pickupAddressCode-error" : undefined}
              >
                <option value="">
                  {view.pickupAddresses.length ? "The courier's default" : "None listed by the courier"}
                </option>
                {view.pickupAddresses.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.code}: {a.address}
                    {a.city ? `, ${a.city}` : ""}
                  </option>
                ))}
              </select>
              {settingsAnswer?.fields.pickupAddressCode && (
                <p id="pickupAddressCode-error" className="field-error">
                  {settingsAnswer.fields.pickupAddressCode}
                </p>
              )}
            </div>
            <TextField
              label="Sync every (minutes)"
              name="syncEveryMinutes"
              inputMode="numeric"
              defaultValue={settingsValues.syncEveryMinutes}
              error={settingsAnswer?.fields.syncEveryMinutes}
              hint={`How often tracking and payments are asked: ${SYNC_EVERY_RANGE.min} to ${SYNC_EVERY_RANGE.max}.`}
            />
          </div>
          <div>
            <button type="submit" className="btn-secondary" disabled={posting === "settings"}>
              Save
            </button>
          </div>
        </Form>
      )}

      {usesApi && (
        <Form method="post" className="rounded-xl border border-red-200 bg-white p-4">
          <h3 className="text-lg font-semibold text-stone-900">Use files again</h3>
          <p className="mt-1 text-sm text-stone-700">
            Turns the API off for {view.name}: its credentials are deleted and booking goes through its portal&apos;s
            file again. Parcels already booked keep their tracking numbers.
          </p>
          <input type="hidden" name="intent" value="use-files" />
          <button type="submit" className="btn-secondary mt-3" disabled={posting === "use-files"}>
            Use files again
          </button>
        </Form>
      )}
      {actionData?.intent === null && <FormAlert>{actionData.message}</FormAlert>}
    </div>
  );
}
