import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { courierOr404 } from "~/http/courier-route.server";
import { setFlash } from "~/http/flash.server";
import { formKey } from "~/lib/form-key";
import { type FormReply, formError, isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import {
  API_COURIER_KINDS,
  connectionFormSchema,
  CREDENTIAL_PREFIX,
  isCredentialField,
  SYNC_EVERY_RANGE,
  UNKNOWN_CONNECTION_ACTION,
} from "~/modules/shipping/connection/connection-form";
import {
  connectCourierApi,
  credentialsProblem,
  readCourierConnection,
  saveConnectionSettings,
  switchToCourierFiles,
} from "~/modules/shipping/connection/courier-connection.server";
import { apiCoverage } from "~/modules/shipping/couriers/api-coverage";
import { COURIER_PROVIDER_LABELS } from "~/modules/shipping/couriers/courier-api";
import type { Route } from "./+types/courier-connection";

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
    coverage: apiCoverage(
      COURIER_PROVIDER_LABELS[kind].replace(/ API$/, ""),
      context.providers.couriers.api[kind].offers,
    ),
  }));
  return {
    view: { ...view, connectedAt: view.connectedAt ? formatShopDateTimeHour12(view.connectedAt) : null },
    problem: credentialsProblem(view),
    apis,
  };
}

const REFUSED = "Nothing was saved: please correct the fields marked below.";

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const courierId = (await courierOr404(context.db, params)).id;
  const submission = parseSubmission(await request.formData(), connectionFormSchema);
  const box = context.secretBoxes["courier-credentials"];
  const done = async (message: string) =>
    redirect(connectionPath(courierId), { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  // A credential typed is never sent back, whatever the answer.
  const refused = (options: { formError?: string; fieldErrors?: Record<string, string> }) =>
    refuse(submission, { ...options, hide: isCredentialField });
  if (submission.status !== "success") {
    if (submission.error?.intent) return refused({ formError: UNKNOWN_CONNECTION_ACTION });
    const said = submission.error?.[""]?.[0] ?? submission.error?.provider?.[0];
    return refused({ formError: said ?? REFUSED });
  }
  const sent = submission.value;
  switch (sent.intent) {
    case "connect": {
      const outcome = await connectCourierApi(
        context.db,
        box,
        context.providers.couriers.api[sent.kind],
        courierId,
        sent.typed,
      );
      if (!outcome.ok)
        return refused({
          formError: outcome.message,
          fieldErrors: Object.fromEntries(
            Object.entries(outcome.fields).map(([key, message]) => [`${CREDENTIAL_PREFIX}${key}`, message]),
          ),
        });
      return done(outcome.message);
    }
    case "settings": {
      const saved = await saveConnectionSettings(context.db, courierId, sent);
      if (!saved.ok) return refused({ formError: REFUSED, fieldErrors: saved.fields });
      return done("Connection settings saved");
    }
    case "use-files": {
      await switchToCourierFiles(context.db, courierId);
      return done("The courier is reached through its portal's files again: its API credentials are deleted.");
    }
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
  const reply = isRefusal(actionData) ? actionData : null;
  const answered = formError(reply) === UNKNOWN_CONNECTION_ACTION ? null : keptValue(reply, "intent");
  const connectAnswer = answered === "connect" ? reply : null;
  const settingsAnswer = answered === "settings" ? reply : null;
  const usesApi = view.provider !== "file";
  // The API in use first, then the one named like this courier ("TCS" -> TCS API), then the others.
  const rank = (a: (typeof apis)[number]) =>
    a.kind === view.provider ? 2 : namedAlike(view.name, a.label.replace(/ API$/, "")) ? 1 : 0;
  const ordered = [...apis].sort((a, b) => rank(b) - rank(a));
  const settingsValues = settingsAnswer
    ? {
        pickupAddressCode: keptValue(settingsAnswer, "pickupAddressCode") ?? "",
        syncEveryMinutes: keptValue(settingsAnswer, "syncEveryMinutes") ?? "",
      }
    : {
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
        const answer = keptValue(connectAnswer, "provider") === api.kind ? connectAnswer : null;
        return (
          // A fresh form (empty secret fields) after every answer: a typed secret never stays in the page.
          <ConnectForm
            key={`${api.kind}:${formKey(location.key, answer)}`}
            api={api}
            current={view.provider === api.kind}
            hints={view.hints}
            reply={answer}
            busy={posting === "connect"}
          />
        );
      })}

      {usesApi && (
        <SyncSettingsForm
          view={view}
          values={settingsValues}
          reply={settingsAnswer}
          busy={posting === "settings"}
          formKey={formKey(location.key, settingsAnswer, settingsValues)}
        />
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
      {reply && !connectAnswer && !settingsAnswer && <FormAlert>{formError(reply)}</FormAlert>}
    </div>
  );
}

type ApiChoice = {
  kind: string;
  label: string;
  fields: { key: string; label: string; secret?: boolean }[];
  coverage: { overApi: string[]; elsewhere: string[] };
};

/** Whether a courier's name in the shop names this API's courier ("TCS Express" and TCS; "M&P" and "M & P"). */
function namedAlike(courierName: string, apiCourier: string): boolean {
  const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9&]/g, "");
  return squeeze(courierName).includes(squeeze(apiCourier));
}

/** Test connection for one API: its credentials (never shown, never sent back), checked in the browser too. */
function ConnectForm({
  api,
  current,
  hints,
  reply,
  busy,
}: {
  api: ApiChoice;
  current: boolean;
  hints: Record<string, string>;
  reply: FormReply | null;
  busy: boolean;
}) {
  const [form, fields] = useFormShape(connectionFormSchema, reply, { id: `connect-${api.kind}-form` });
  const message = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors?.[0];
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby={`connect-${api.kind}`}
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id={`connect-${api.kind}`} className="text-lg font-semibold text-stone-900">
        {current ? `${api.label} (in use)` : `Use ${api.label}`}
      </h3>
      <div className="text-sm text-stone-700">
        <p>Over the API: {api.coverage.overApi.join(", ")}.</p>
        {api.coverage.elsewhere.length > 0 && (
          <p className="mt-1">
            Not in {api.label.replace(/ API$/, "")}&apos;s published API, so it stays with its portal or files:{" "}
            {api.coverage.elsewhere.join("; ")}.
          </p>
        )}
      </div>
      {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
      <input type="hidden" name="intent" value="connect" />
      <input type="hidden" name="provider" value={api.kind} />
      <div className="grid gap-4 sm:grid-cols-2">
        {api.fields.map((field) => {
          const hint =
            current && hints[field.key]
              ? field.secret
                ? `Saved: •••• ${hints[field.key]}. Leave empty to keep it.`
                : `Saved: ${hints[field.key]}. Leave empty to keep it.`
              : undefined;
          return (
            <TextField
              key={field.key}
              label={field.label}
              name={`${CREDENTIAL_PREFIX}${field.key}`}
              type={field.secret ? "password" : "text"}
              autoComplete={field.secret ? "new-password" : "off"}
              required={!hint}
              error={message(`${CREDENTIAL_PREFIX}${field.key}`)}
              hint={hint}
            />
          );
        })}
      </div>
      <p className="text-sm text-stone-700">
        Test connection asks {api.label.replace(/ API$/, "")} for its cities and your pickup addresses; the credentials
        are saved (encrypted) only if it answers.
      </p>
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Testing..." : "Test connection and save"}
        </button>
      </div>
    </Form>
  );
}

/** Pickup and sync: the pickup address and how often to sync, checked in the browser with the action's schema. */
function SyncSettingsForm({
  view,
  values,
  reply,
  busy,
  formKey: key,
}: {
  view: { pickupAddresses: { code: string; address: string; city?: string | null }[] };
  values: { pickupAddressCode: string; syncEveryMinutes: string };
  reply: FormReply | null;
  busy: boolean;
  formKey: string;
}) {
  const [form, fields] = useFormShape(connectionFormSchema, reply, { id: "sync-settings-form" });
  const pickupError = (fields as Record<string, { errors?: string[] }>).pickupAddressCode?.errors?.[0];
  const syncError = (fields as Record<string, { errors?: string[] }>).syncEveryMinutes?.errors?.[0];
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      key={key}
      aria-labelledby="sync-title"
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id="sync-title" className="text-lg font-semibold text-stone-900">
        Pickup and sync
      </h3>
      {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
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
            defaultValue={values.pickupAddressCode}
            aria-invalid={pickupError ? true : undefined}
            aria-describedby={pickupError ? "pickupAddressCode-error" : undefined}
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
          {pickupError && (
            <p id="pickupAddressCode-error" className="field-error">
              {pickupError}
            </p>
          )}
        </div>
        <TextField
          label="Sync every (minutes)"
          name="syncEveryMinutes"
          inputMode="numeric"
          defaultValue={values.syncEveryMinutes}
          error={syncError}
          hint={`How often tracking and payments are asked: ${SYNC_EVERY_RANGE.min} to ${SYNC_EVERY_RANGE.max}.`}
        />
      </div>
      <div>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Save
        </button>
      </div>
    </Form>
  );
}
