import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { fieldMessages, formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { deleteLaunch, saveLaunch } from "~/flows/save-launch.server";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { isRefusal, keptList, keptValue, type FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeAmPm, toShopDateTimeLocal } from "~/lib/shop-time";
import { launchFormSchema } from "~/modules/launches/launch-form";
import { launchCandidates, listLaunches } from "~/modules/launches/launches.server";
import type { Route } from "./+types/launch";

const PATH = "/seller/products/launch";
const REFUSED = "Nothing was saved: please correct the fields marked below.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Launches",
    description: "Products that go on sale together at one moment, with a limit per customer and a waiting room.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const editing = Number(new URL(request.url).searchParams.get("edit")) || null;
  const now = new Date();
  const [launches, candidates] = await Promise.all([
    listLaunches(context.db, now),
    launchCandidates(context.db, editing),
  ]);
  const edited = launches.find((l) => l.id === editing) ?? null;
  return {
    launches: launches.map((l) => ({ ...l, opensAtText: formatShopDateTimeAmPm(l.opensAt) })),
    candidates,
    form: edited
      ? {
          id: String(edited.id),
          name: edited.name,
          opensAt: toShopDateTimeLocal(edited.opensAt),
          perBuyerLimit: edited.perBuyerLimit === null ? "" : String(edited.perBuyerLimit),
          waitingRoom: edited.waitingRoom,
          productIds: edited.products.map((p) => p.id),
        }
      : { id: "", name: "", opensAt: "", perBuyerLimit: "", waitingRoom: true, productIds: [] as string[] },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), launchFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: REFUSED });
  const sent = submission.value;
  const done = async (message: string) =>
    redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    if (sent.intent === "delete") {
      await deleteLaunch({ db: context.db }, sent.id);
      return done("Launch called off: its products stay coming soon");
    }
    const { id, intent: _intent, ...input } = sent;
    await saveLaunch({ db: context.db }, id ?? null, input);
    return done(
      input.opensAt.getTime() > Date.now()
        ? `${input.name} opens ${formatShopDateTimeAmPm(input.opensAt)} (Pakistan time)`
        : `${input.name} is open: its products are on sale`,
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
    return refuse(submission, { formError: error.message, fieldErrors: error.fields });
  }
}

/** Products -> Launch: the launches, and the form that makes or changes one. */
export default function SellerLaunches({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const reply = isRefusal(actionData) && keptValue(actionData, "intent") === "save" ? actionData : null;
  const { launches, candidates, form } = loaderData;
  return (
    <section aria-labelledby="launches-title" className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="launches-title" className="text-xl font-bold text-stone-900">
          Launches
        </h2>
        <Link to="/seller/products" className="text-sm font-medium text-brand-800 underline">
          Back to products
        </Link>
      </div>
      <p className="text-sm text-stone-700">
        A launch puts its products on sale together at one moment (Pakistan time). Before then they show as coming soon
        with a countdown, and Notify Me sign-ups are told when it opens. A limit per customer counts each product&apos;s
        pieces per phone number and per account, across orders.
      </p>
      {launches.length === 0 ? (
        <p className="text-sm text-stone-700">No launches yet.</p>
      ) : (
        <ul className="grid gap-3">
          {launches.map((l) => (
            <li key={l.id} data-testid="launch" className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`launch-${l.id}`} className="text-lg font-semibold text-stone-900">
                  {l.name}
                </h3>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${l.state === "open" ? "bg-emerald-100 text-emerald-900" : "bg-sky-100 text-sky-900"}`}
                >
                  {l.state === "open" ? "Open" : "Scheduled"}
                </span>
              </div>
              <p className="text-sm text-stone-700">
                {l.state === "open" ? "Opened" : "Opens"} {l.opensAtText} ·{" "}
                {l.perBuyerLimit === null ? "No limit per customer" : `At most ${l.perBuyerLimit} of each per customer`}{" "}
                · Waiting room {l.waitingRoom ? "on" : "off"}
              </p>
              <ul className="grid gap-1 text-sm text-stone-800">
                {l.products.map((p) => (
                  <li key={p.id} className="flex flex-wrap justify-between gap-2">
                    <span>{p.name}</span>
                    <span className="text-stone-600">
                      {p.sold} sold · {p.stock === 0 ? "sold out" : `${p.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Link to={`?edit=${l.id}#launch-form-title`} className="btn-secondary h-10 px-3">
                  Edit<span className="sr-only"> {l.name}</span>
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={l.id} />
                  <button type="submit" className="btn-secondary h-10 px-3">
                    Call off<span className="sr-only"> {l.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LaunchForm key={form.id || "new"} form={form} candidates={candidates} reply={reply} />
    </section>
  );
}

type LoadedForm = Route.ComponentProps["loaderData"]["form"];
type Candidate = Route.ComponentProps["loaderData"]["candidates"][number];

function LaunchForm({
  form: values,
  candidates,
  reply,
}: {
  form: LoadedForm;
  candidates: Candidate[];
  reply: FormReply | null;
}) {
  // Checked on Save, not as each field is left: a message appearing above the button would move it
  // from under the finger pressing it.
  const [form, fields] = useFormShape(launchFormSchema, reply, { id: "launch-form", validate: "onSubmit" });
  const errors = fieldMessages(fields, ["name", "opensAt", "perBuyerLimit", "productIds"] as const);
  useFocusFirstInvalid(reply?.error ?? undefined);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const kept = (name: string, fallback: string) => keptValue(reply, name) ?? fallback;
  const ticked = new Set(reply ? keptList(reply, "productIds") : values.productIds);
  const waitingRoom = reply ? keptValue(reply, "waitingRoom") === "on" : values.waitingRoom;
  const title = values.id ? `Edit ${values.name}` : "New launch";
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="launch-form-title"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id="launch-form-title" className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
      <input type="hidden" name="intent" value="save" />
      {values.id && <input type="hidden" name="id" value={values.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Launch name" name="name" defaultValue={kept("name", values.name)} error={errors.name} />
        <TextField
          label="Opens at (Pakistan time)"
          name="opensAt"
          type="datetime-local"
          defaultValue={kept("opensAt", values.opensAt)}
          error={errors.opensAt}
          hint="Midnight is 12:00 am at the start of the day."
        />
        <TextField
          label="Limit per customer (pieces of each product)"
          name="perBuyerLimit"
          inputMode="numeric"
          required={false}
          defaultValue={kept("perBuyerLimit", values.perBuyerLimit)}
          error={errors.perBuyerLimit}
          hint="1 to 50, counted per phone number and per account. Empty: no limit."
        />
        <label className="flex min-h-10 items-center gap-3 self-end text-stone-900">
          <input type="checkbox" name="waitingRoom" value="on" defaultChecked={waitingRoom} className="size-5" />
          <span className="font-medium">Use the waiting room when the shop is busy</span>
        </label>
      </div>
      <fieldset
        className="grid gap-1 rounded-lg border border-stone-200 p-3"
        aria-describedby={errors.productIds ? "productIds-error" : undefined}
      >
        <legend className="px-1 font-semibold text-stone-900">Products</legend>
        {candidates.length === 0 ? (
          <p className="text-sm text-stone-700">
            No product is waiting for a launch. Save a product as a draft or tick &quot;Coming soon&quot; on it first.
          </p>
        ) : (
          candidates.map((p) => (
            <label key={p.id} className="flex min-h-10 items-center gap-3 text-stone-900">
              <input
                type="checkbox"
                name="productIds"
                value={p.id}
                defaultChecked={ticked.has(p.id)}
                className="size-5"
                aria-invalid={errors.productIds ? true : undefined}
              />
              <span>
                {p.name} <span className="text-sm text-stone-600">· {p.categoryName}</span>
              </span>
            </label>
          ))
        )}
        {errors.productIds && (
          <p id="productIds-error" className="field-error">
            {errors.productIds}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save launch"}
        </button>
        {values.id && (
          <Link to="." className="btn-secondary">
            Cancel editing
          </Link>
        )}
      </div>
    </Form>
  );
}
