import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { SectionTabs, CATALOGUE_TABS } from "~/components/seller/section-tabs";
import { ColourSwatch } from "~/components/ui/colour-swatch";
import { FormAlert } from "~/components/ui/form-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { changeColour } from "~/modules/catalog/change-colour.server";
import { readColourForm, type ColourFormValues } from "~/modules/catalog/colour-forms";
import { listColoursWithUse } from "~/modules/catalog/list-colours.server";
import type { Route } from "./+types/seller-catalogue-colours";

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

type Refusal = {
  ok: false;
  intent: string;
  id: number | null;
  values: ColourFormValues;
  errors: Record<string, string>;
};

const DONE: Record<string, (name: string) => string> = {
  add: (n) => `${n} added`,
  edit: (n) => `${n} saved`,
  move: (n) => `${n} moved`,
  retire: (n) => `${n} updated`,
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const read = readColourForm(await request.formData());
  if (!read.ok) return data<Refusal>(read, { status: 400 });
  try {
    const done = await changeColour(context.db, read.change);
    const message =
      read.change.kind === "retire"
        ? `${done.name} ${read.change.retired ? "retired: no longer offered for new products" : "is offered again"}`
        : DONE[read.change.kind](done.name);
    throw redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const change = read.change;
    const id = change.kind === "add" ? null : change.id;
    const values = "input" in change ? change.input : { name: "", hex: "" };
    return data<Refusal>(
      { ok: false, intent: change.kind, id, values, errors: error.fields ?? { form: error.message } },
      { status: error.status },
    );
  }
}

export default function SellerCatalogueColours({ loaderData, actionData: sent }: Route.ComponentProps) {
  const answer = useKeptActionData(sent);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { colours } = loaderData;
  const addRefused = answer && answer.intent === "add" ? answer : null;
  const rowRefused = (id: number) => (answer && answer.id === id ? answer : null);
  const listError = answer && answer.intent !== "add" && answer.intent !== "edit" ? answer.errors.form : null;

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
        {colours.map((c, i) => {
          const refused = rowRefused(c.id);
          return (
            <li
              key={c.id}
              className={`rounded-xl border p-3 ${c.retired ? "border-dashed border-stone-300 bg-stone-50" : "border-stone-200 bg-white"}`}
            >
              <Form
                method="post"
                className="grid gap-2"
                aria-labelledby={`colour-${c.id}-title`}
                key={`${c.id}:${c.name}:${c.hex}:${refused ? JSON.stringify(refused.values) : ""}`}
              >
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="hexWas" value={c.hex} />
                <div className="flex items-center justify-between gap-2">
                  <p id={`colour-${c.id}-title`} className="flex items-center gap-2 font-medium text-stone-900">
                    <ColourSwatch hex={c.hex} className="h-6 w-6" />
                    {c.name}
                    {c.retired && (
                      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">
                        Retired
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-stone-600">
                    {c.products} {c.products === 1 ? "product" : "products"}
                  </p>
                </div>
                <ColourFields
                  idPrefix={`colour-${c.id}`}
                  label={c.name}
                  values={refused?.values ?? c}
                  errors={refused?.errors ?? {}}
                />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="edit" className="btn-primary" disabled={busy}>
                    Save
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className="btn-secondary"
                    disabled={busy || i === 0}
                    aria-label={`Move ${c.name} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className="btn-secondary"
                    disabled={busy || i === colours.length - 1}
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
        })}
      </ol>

      <Form
        method="post"
        className="mt-6 grid max-w-xl gap-3 rounded-xl border border-stone-200 bg-white p-4"
        aria-labelledby="add-colour-title"
        key={addRefused ? JSON.stringify(addRefused.values) : "add"}
      >
        <h3 id="add-colour-title" className="text-base font-semibold text-stone-900">
          Add a colour
        </h3>
        {addRefused?.errors.form && <FormAlert>{addRefused.errors.form}</FormAlert>}
        <input type="hidden" name="hexWas" value="#000000" />
        <ColourFields
          idPrefix="new-colour"
          label={null}
          values={addRefused?.values ?? { name: "", hex: "" }}
          errors={addRefused?.errors ?? {}}
        />
        <div>
          <button type="submit" name="intent" value="add" className="btn-primary" disabled={busy}>
            Add colour
          </button>
        </div>
      </Form>
    </section>
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
