import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { courierOr404 } from "~/http/courier-route.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { formKey } from "~/lib/form-key";
import { fieldError, formError, isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { citiesPath, cityPicksSchema } from "~/modules/shipping/connection/city-names";
import { listShopCities, saveCityPicks } from "~/modules/shipping/connection/courier-cities.server";
import type { Route } from "./+types/courier-cities";

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  pageMeta({
    matches,
    title: loaded ? `${loaded.courier.name}: cities` : "Cities",
    noindex: true,
    description: "The shop's cities matched to the courier's own city list.",
    path: loaded ? citiesPath(loaded.courier.id) : "/seller/settings/couriers",
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const courier = await courierOr404(context.db, params);
  const rows = await listShopCities(context.db, courier);
  // A select of the courier's (hundreds of) cities only where one is needed: unmatched cities, and the one being changed.
  const change = new URL(request.url).searchParams.get("change");
  return {
    courier: { id: courier.id, name: courier.name, api: courier.provider !== "file" },
    rows,
    change,
    courierCities: courier.courierCities ?? [],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const courierId = (await courierOr404(context.db, params)).id;
  const submission = parseSubmission(await request.formData(), cityPicksSchema);
  if (submission.status !== "success") return refuse(submission);
  let saved: number;
  try {
    saved = await saveCityPicks(context.db, courierId, submission.value);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Each refused city beside its select (the field city-<key>); the picks stay as chosen.
    const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([key, m]) => [`city-${key}`, m]));
    return refuse(submission, { formError: error.message, fieldErrors, status: error.status });
  }
  return redirect(citiesPath(courierId), {
    headers: {
      "Set-Cookie": await setFlash({
        type: "success",
        message: saved ? `${saved} ${saved === 1 ? "city" : "cities"} matched` : "Cities saved",
      }),
    },
  });
}

/** Settings -> Couriers -> {courier} -> Cities: each shop city with the courier's city it books to; unmatched ones first. */
export default function SellerSettingsCourierCities({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const reply = isRefusal(actionData) ? actionData : null;
  const { courier, rows, change, courierCities } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const unmatched = rows.filter((r) => !r.match);
  const withSelect = (key: string, matched: boolean) =>
    !matched || key === change || fieldError(reply, `city-${key}`) !== undefined;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="min-w-0 break-words text-xl font-semibold text-stone-900">{courier.name}: cities</h2>
        <Link
          to={`/seller/settings/couriers/${courier.id}/connection`}
          className="text-sm font-medium text-brand-700 underline"
        >
          API connection
        </Link>
      </div>
      {!courier.api || courierCities.length === 0 ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {courier.name} has no city list yet: connect its API and press Test connection in{" "}
          <Link to={`/seller/settings/couriers/${courier.id}/connection`} className="font-medium underline">
            API connection
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            A booking sends the courier its own name for the city. Cities whose names agree (or are known spellings,
            such as Pindi for Rawalpindi) match by themselves; pick the rest once and they are remembered.{" "}
            {unmatched.length > 0
              ? `${unmatched.length} ${unmatched.length === 1 ? "city is" : "cities are"} not matched yet.`
              : "Every city is matched."}
          </p>
          <Form method="post" key={formKey(location.key, reply)} className="grid gap-3">
            {reply && <FormAlert>{formError(reply)}</FormAlert>}
            <ul className="grid gap-2">
              {rows.map((row) => {
                const id = `city-${row.cityKey}`;
                const error = fieldError(reply, id);
                return (
                  <li
                    key={row.cityKey}
                    className={`grid gap-2 rounded-xl border bg-white p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:items-center ${row.match ? "border-stone-200" : "border-amber-300"}`}
                  >
                    <div className="min-w-0">
                      <span className="break-words font-semibold text-stone-900">{row.shopCity}</span>
                      <span className="block text-sm text-stone-700">
                        {row.waiting} {row.waiting === 1 ? "order" : "orders"} waiting to be booked
                        {row.match
                          ? ` · ${row.match.source === "owner" ? "matched by you" : "matched automatically"}: ${row.match.courierCity.name}`
                          : " · not matched"}
                      </span>
                    </div>
                    {withSelect(row.cityKey, row.match !== null) ? (
                      <div>
                        <input type="hidden" name={`shop-${row.cityKey}`} value={row.shopCity} />
                        <label htmlFor={id} className="sr-only">
                          {courier.name}&apos;s city for {row.shopCity}
                        </label>
                        <select
                          id={id}
                          name={id}
                          className="field-input py-1.5"
                          defaultValue={
                            keptValue(reply, id) ?? (row.match?.source === "owner" ? row.match.courierCity.id : "")
                          }
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                        >
                          <option value="">
                            {row.match?.source === "auto"
                              ? `Automatic: ${row.match.courierCity.name}`
                              : "Choose the courier's city"}
                          </option>
                          {courierCities.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                        {error && (
                          <p id={`${id}-error`} className="field-error">
                            {error}
                          </p>
                        )}
                      </div>
                    ) : (
                      <Link
                        to={`?change=${encodeURIComponent(row.cityKey)}#${id}`}
                        className="text-sm font-medium text-brand-700 underline"
                      >
                        Change<span className="sr-only"> {row.shopCity}</span>
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
            {rows.length === 0 ? (
              <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
                No orders or routing rules name a city yet.
              </p>
            ) : (
              <div>
                <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
                  Save cities
                </button>
              </div>
            )}
          </Form>
        </>
      )}
    </div>
  );
}
