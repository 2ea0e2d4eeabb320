import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { SectionTabs, CATALOGUE_TABS } from "~/components/seller/section-tabs";
import { ColourSwatch } from "~/components/ui/colour-swatch";
import { FormAlert } from "~/components/ui/form-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { changeColour } from "~/modules/catalog/change-colour.server";
import {
  colourFormSchema,
  keptColourValues,
  NO_SUCH_COLOUR,
  UNKNOWN_ACTION,
  type ColourFormValues,
} from "~/modules/catalog/colour-forms";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { formError, isRefusal, keptValue, type FormReply } from "~/lib/form-reply";
import { listColoursWithUse } from "~/modules/catalog/list-colours.server";
import type { Route } from "./+types/colours";

const PATH = "/seller/catalogue/colours";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Colours",
    description: "The colours the shop's products are made in.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return { colours: await listColoursWithUse(context.db) };
}

const DONE: Record<string, (name: string) => string> = {
  add: (n) => `${n} added`,
  edit: (n) => `${n} saved`,
  move: (n) => `${n} moved`,
  retire: (n) => `${n} updated`,
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), colourFormSchema);
  if (submission.status !== "success")
    return refuse(submission, {
      formError: submission.error?.intent ? UNKNOWN_ACTION : submission.error?.id ? NO_SUCH_COLOUR : undefined,
    });
  const change = submission.value;
  try {
    const done = await changeColour(context.db, change);
    const message =
      change.kind === "retire"
        ? `${done.name} ${change.retired ? "retired: no longer offered for new products" : "is offered again"}`
        : DONE[change.kind](done.name);
    throw redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, {
      fieldErrors: error.fields,
      formError: error.fields ? undefined : error.message,
      status: error.status,
    });
  }
}

export default function SellerCatalogueColours({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const answer = isRefusal(kept) ? kept : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { colours } = loaderData;
  const sentIntent = keptValue(answer, "intent");
  const addRefused = sentIntent === "add" ? answer : null;
  const rowRefused = (id: number) => (answer && !addRefused && keptValue(answer, "id") === String(id) ? answer : null);
  const listError = answer && sentIntent !== "add" && sentIntent !== "edit" ? formError(answer) : null;

  return (
    <section aria-labelledby="colours-title">
      <SectionTabs label="Catalogue" tabs={CATALOGUE_TABS} />
      <h2 id="colours-title" className="text-xl font-semibold text-stone-900">
        Colours
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        The colours your products are made in, in the order the product form and the shop's filters show them. Renaming
        a colour renames it on your products, not on orders already placed. A retired colour is no longer offered for
        new products; products that have it keep selling it.
      </p>
      {listError && (
        <div className="mt-3">
          <FormAlert>{listError}</FormAlert>
        </div>
      )}

      <ol className="mt-4 grid gap-3 lg:grid-cols-2" data-testid="colour-list">
        {colours.map((c, i) => (
          <ColourRow
            key={c.id}
            colour={c}
            first={i === 0}
            last={i === colours.length - 1}
            reply={rowRefused(c.id)}
            busy={busy}
          />
        ))}
      </ol>

      <AddColourForm
        key={addRefused ? JSON.stringify(keptColourValues(addRefused)) : "add"}
        reply={addRefused}
        busy={busy}
      />
    </section>
  );
}

type ColourRowData = Route.ComponentProps["loaderData"]["colours"][number];

/** One colour: its name and swatch to edit, checked in the browser with the action's schema; ↑, ↓, Retire. */
function ColourRow({
  colour: c,
  first,
  last,
  reply,
  busy,
}: {
  colour: ColourRowData;
  first: boolean;
  last: boolean;
  reply: FormReply | null;
  busy: boolean;
}) {
  const [form] = useFormShape(colourFormSchema, reply, { id: `colour-form-${c.id}` });
  const values = reply ? keptColourValues(reply) : c;
  return (
    <li
      className={`rounded-xl border p-3 ${c.retired ? "border-dashed border-stone-300 bg-stone-50" : "border-stone-200 bg-white"}`}
    >
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid gap-2"
        aria-labelledby={`colour-${c.id}-title`}
        key={`${c.id}:${c.name}:${c.hex}:${reply ? JSON.stringify(values) : ""}`}
      >
        <input type="hidden" name="id" value={c.id} />
        <input type="hidden" name="hexWas" value={c.hex} />
        <div className="flex items-center justify-between gap-2">
          <p id={`colour-${c.id}-title`} className="flex items-center gap-2 font-medium text-stone-900">
            <ColourSwatch hex={c.hex} className="h-6 w-6" />
            {c.name}
            {c.retired && (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">Retired</span>
            )}
          </p>
          <p className="text-xs text-stone-600">
            {c.products} {c.products === 1 ? "product" : "products"}
          </p>
        </div>
        <ColourFields idPrefix={`colour-${c.id}`} label={c.name} values={values} errors={shownErrors(form)} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="edit" className="btn-primary" disabled={busy}>
            Save
          </button>
          <button
            type="submit"
            name="intent"
            value="up"
            className="btn-secondary"
            disabled={busy || first}
            aria-label={`Move ${c.name} up`}
          >
            ↑
          </button>
          <button
            type="submit"
            name="intent"
            value="down"
            className="btn-secondary"
            disabled={busy || last}
            aria-label={`Move ${c.name} down`}
          >
            ↓
          </button>
          <button
            type="submit"
            name="intent"
            value={c.retired ? "restore" : "retire"}
            className="btn-secondary"
            disabled={busy}
          >
            {c.retired ? "Bring back" : "Retire"}
            <span className="sr-only"> {c.name}</span>
          </button>
        </div>
      </Form>
    </li>
  );
}

/** Add a colour, checked in the browser with the action's schema. */
function AddColourForm({ reply, busy }: { reply: FormReply | null; busy: boolean }) {
  const [form] = useFormShape(colourFormSchema, reply, { id: "add-colour" });
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="mt-6 grid max-w-xl gap-3 rounded-xl border border-stone-200 bg-white p-4"
      aria-labelledby="add-colour-title"
    >
      <h3 id="add-colour-title" className="text-base font-semibold text-stone-900">
        Add a colour
      </h3>
      {form.errors?.[0] && <FormAlert>{form.errors[0]}</FormAlert>}
      <input type="hidden" name="hexWas" value="#000000" />
      <ColourFields
        idPrefix="new-colour"
        label={null}
        values={reply ? keptColourValues(reply) : { name: "", hex: "" }}
        errors={shownErrors(form)}
      />
      <div>
        <button type="submit" name="intent" value="add" className="btn-primary" disabled={busy}>
          Add colour
        </button>
      </div>
    </Form>
  );
}

/** A colour's name and swatch: a colour picker and the hex as text, kept in step, with the swatch previewed. */
function ColourFields({
  idPrefix,
  label,
  values,
  errors,
}: {
  idPrefix: string;
  label: string | null;
  values: ColourFormValues;
  errors: Record<string, string>;
}) {
  const [hex, setHex] = useState(values.hex);
  const valid = /^#[0-9a-f]{6}$/i.test(hex);
  const of = label ? ` of ${label}` : "";
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_auto_8rem]">
      <div>
        <label htmlFor={`${idPrefix}-name`} className="field-label">
          Name{of}
        </label>
        <input
          id={`${idPrefix}-name`}
          name="name"
          type="text"
          required
          maxLength={30}
          defaultValue={values.name}
          className="field-input"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${idPrefix}-name-error` : undefined}
        />
        {errors.name && (
          <p id={`${idPrefix}-name-error`} className="field-error">
            {errors.name}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-picker`} className="field-label">
          Swatch{of}
        </label>
        <input
          id={`${idPrefix}-picker`}
          name="hexPicker"
          type="color"
          value={valid ? hex.toLowerCase() : "#000000"}
          onChange={(e) => setHex(e.target.value)}
          className="h-11 w-16 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-hex`} className="field-label">
          Hex{of}
        </label>
        <div className="flex items-center gap-2">
          <input
            id={`${idPrefix}-hex`}
            name="hex"
            type="text"
            inputMode="text"
            maxLength={7}
            placeholder="#7b1e3a"
            value={hex}
            onChange={(e) => setHex(e.target.value)}
            className="field-input"
            aria-invalid={errors.hex ? true : undefined}
            aria-describedby={errors.hex ? `${idPrefix}-hex-error` : undefined}
          />
          <ColourSwatch hex={valid ? hex : "#ffffff"} className="h-6 w-6" />
        </div>
        {errors.hex && (
          <p id={`${idPrefix}-hex-error`} className="field-error">
            {errors.hex}
          </p>
        )}
      </div>
    </div>
  );
}
