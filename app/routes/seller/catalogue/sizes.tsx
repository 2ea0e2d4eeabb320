import { Form, redirect, useNavigation } from "react-router";
import { SectionTabs, CATALOGUE_TABS } from "~/components/seller/section-tabs";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { changeSizeSet } from "~/modules/catalog/change-size-set.server";
import { listSizeSetsWithUse } from "~/modules/catalog/list-size-sets.server";
import {
  addSizeSetSchema,
  guideCellName,
  NO_SUCH_SIZE_SET,
  sizeSetFormSchema,
  UNKNOWN_ACTION,
} from "~/modules/catalog/size-set-forms";
import { useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { fieldError, formError, isRefusal, keptValue, type FormReply } from "~/lib/form-reply";
import { guideForEditing } from "~/modules/catalog/size-set-rules";
import type { Route } from "./+types/sizes";

const PATH = "/seller/catalogue/sizes";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Size sets",
    description: "The shop's size sets and their size guides.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const sets = await listSizeSetsWithUse(context.db);
  return { sets: sets.map((s) => ({ ...s, guide: guideForEditing(s) })) };
}

const DONE: Record<string, string> = {
  add: "Size set added",
  rename: "Size set renamed",
  move: "Size set moved",
  delete: "Size set deleted",
  "add-size": "Size added",
  "rename-size": "Size renamed on the set and its products",
  "move-size": "Size moved",
  "remove-size": "Size removed",
  guide: "Size guide saved",
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const form = await request.formData();
  const sets = await listSizeSetsWithUse(context.db);
  const submission = parseSubmission(
    form,
    sizeSetFormSchema(
      (id) => sets.find((s) => s.id === id)?.sizes ?? null,
      (name) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      },
    ),
  );
  if (submission.status !== "success")
    return refuse(submission, {
      formError: submission.error?.intent ? UNKNOWN_ACTION : submission.error?.id ? NO_SUCH_SIZE_SET : undefined,
    });
  const change = submission.value;
  try {
    await changeSizeSet(context.db, change);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, {
      fieldErrors: error.fields,
      formError: error.fields ? undefined : error.message,
      status: error.status,
    });
  }
  throw redirect(`${PATH}${"id" in change ? `#set-${change.id}` : ""}`, {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: DONE[change.kind] }) },
  });
}

export default function SellerCatalogueSizes({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const answer = isRefusal(kept) ? kept : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { sets } = loaderData;
  const sentIntent = keptValue(answer, "intent") ?? "";
  const addRefused = sentIntent === "add" ? answer : null;
  const refusedFor = (id: number, intents: string[], size?: string) =>
    answer &&
    keptValue(answer, "id") === String(id) &&
    intents.includes(sentIntent) &&
    (size === undefined || (keptValue(answer, "size") ?? "") === size)
      ? answer
      : null;
  // A refusal's message for a field, and what was typed in it.
  const said = (reply: FormReply | null, name: string) => fieldError(reply, name);
  const typed = (reply: FormReply | null, name: string) => (reply ? (keptValue(reply, name) ?? "") : undefined);

  return (
    <section aria-labelledby="sizes-title">
      <SectionTabs label="Catalogue" tabs={CATALOGUE_TABS} />
      <h2 id="sizes-title" className="text-xl font-semibold text-stone-900">
        Size sets
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        Each product uses one size set and picks its sizes from it: "Kurta" 6 to 16, "Waist" 28 to 40, or "Unstitched"
        with one size, which the shop shows as a fact instead of a choice. Renaming a size renames it on the set's
        products, not on orders already placed. Each set can have a size guide, shown on the product page.
      </p>

      <ol className="mt-4 grid gap-4">
        {sets.map((set, i) => {
          const setRefused = refusedFor(set.id, ["rename", "up", "down", "delete"]);
          const guideRefused = refusedFor(set.id, ["guide"]);
          const addSizeRefused = refusedFor(set.id, ["add-size"]);
          const sizeRefused = refusedFor(set.id, ["remove-size", "size-up", "size-down"]);
          return (
            <li
              key={set.id}
              id={`set-${set.id}`}
              className="scroll-mt-32 rounded-xl border border-stone-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`set-${set.id}-title`} className="text-lg font-semibold text-stone-900">
                  {set.name}
                </h3>
                <p className="text-sm text-stone-600">
                  {set.products} {set.products === 1 ? "product uses" : "products use"} it
                </p>
              </div>
              {formError(setRefused) && (
                <div className="mt-2">
                  <FormAlert>{formError(setRefused)}</FormAlert>
                </div>
              )}
              {formError(sizeRefused) && (
                <div className="mt-2">
                  <FormAlert>{formError(sizeRefused)}</FormAlert>
                </div>
              )}

              <Form
                method="post"
                className="mt-3 flex flex-wrap items-end gap-2"
                key={`rename:${set.name}:${typed(setRefused, "name") ?? ""}`}
              >
                <input type="hidden" name="id" value={set.id} />
                <div className="min-w-48 flex-1 sm:max-w-xs">
                  <TextField
                    label={`Name of ${set.name}`}
                    name="name"
                    defaultValue={typed(setRefused, "name") ?? set.name}
                    error={said(setRefused, "name")}
                  />
                </div>
                <div className={`flex flex-wrap gap-2 ${said(setRefused, "name") ? "mb-6" : ""}`}>
                  <button type="submit" name="intent" value="rename" className="btn-primary" disabled={busy}>
                    Rename
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className="btn-secondary"
                    disabled={busy || i === 0}
                    aria-label={`Move ${set.name} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className="btn-secondary"
                    disabled={busy || i === sets.length - 1}
                    aria-label={`Move ${set.name} down`}
                  >
                    ↓
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="btn-secondary text-red-700"
                    disabled={busy}
                  >
                    Delete<span className="sr-only"> {set.name}</span>
                  </button>
                </div>
              </Form>

              <h4 className="mt-4 text-sm font-semibold text-stone-900">Sizes</h4>
              <ol className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {set.sizes.map((size, j) => {
                  const renameRefused = refusedFor(set.id, ["rename-size"], size);
                  return (
                    <li key={size}>
                      <Form
                        method="post"
                        className="flex items-start gap-1"
                        key={`${size}:${typed(renameRefused, "newName") ?? ""}`}
                      >
                        <input type="hidden" name="id" value={set.id} />
                        <input type="hidden" name="size" value={size} />
                        <div className="min-w-0 flex-1">
                          <label htmlFor={`size-${set.id}-${j}`} className="sr-only">
                            Size {size} of {set.name}
                          </label>
                          <input
                            id={`size-${set.id}-${j}`}
                            name="newName"
                            type="text"
                            maxLength={20}
                            defaultValue={typed(renameRefused, "newName") ?? size}
                            className="field-input py-1.5"
                            aria-invalid={renameRefused ? true : undefined}
                            aria-describedby={renameRefused ? `size-${set.id}-${j}-error` : undefined}
                          />
                          {renameRefused && (
                            <p id={`size-${set.id}-${j}-error`} className="field-error">
                              {said(renameRefused, "newName") ??
                                said(renameRefused, "size") ??
                                formError(renameRefused)}
                            </p>
                          )}
                        </div>
                        <button
                          type="submit"
                          name="intent"
                          value="rename-size"
                          className="btn-secondary h-10 px-2 text-xs"
                          disabled={busy}
                        >
                          Rename<span className="sr-only"> {size}</span>
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="size-up"
                          className="btn-secondary h-10 min-w-9 px-2"
                          disabled={busy || j === 0}
                          aria-label={`Move ${size} up`}
                        >
                          ↑
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="size-down"
                          className="btn-secondary h-10 min-w-9 px-2"
                          disabled={busy || j === set.sizes.length - 1}
                          aria-label={`Move ${size} down`}
                        >
                          ↓
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="remove-size"
                          className="btn-secondary h-10 min-w-9 px-2 text-red-700"
                          disabled={busy || set.sizes.length === 1}
                          aria-label={`Remove ${size}`}
                        >
                          ✕
                        </button>
                      </Form>
                    </li>
                  );
                })}
              </ol>
              <Form
                method="post"
                className="mt-2 flex flex-wrap items-end gap-2"
                key={`add-size:${typed(addSizeRefused, "newSize") ?? ""}`}
              >
                <input type="hidden" name="id" value={set.id} />
                <div className="min-w-40 flex-1 sm:max-w-xs">
                  <TextField
                    label={`New size for ${set.name}`}
                    name="newSize"
                    defaultValue={typed(addSizeRefused, "newSize") ?? ""}
                    error={said(addSizeRefused, "newSize") ?? said(addSizeRefused, "size") ?? formError(addSizeRefused)}
                    required={false}
                  />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="add-size"
                  className={`btn-secondary ${addSizeRefused ? "mb-6" : ""}`}
                  disabled={busy}
                >
                  Add size
                </button>
              </Form>

              <details className="mt-4" open={Boolean(guideRefused)}>
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                  Size guide{set.guide.columns.length === 0 ? " (none yet)" : ""}
                </summary>
                <Form
                  method="post"
                  className="mt-2 grid gap-3"
                  key={`guide:${JSON.stringify(set.guide)}:${guideRefused ? JSON.stringify(guideRefused.initialValue) : ""}`}
                >
                  <input type="hidden" name="id" value={set.id} />
                  {(said(guideRefused, "guide") ?? formError(guideRefused)) && (
                    <FormAlert>{said(guideRefused, "guide") ?? formError(guideRefused)}</FormAlert>
                  )}
                  <TextField
                    label={`Guide columns for ${set.name}`}
                    name="columns"
                    required={false}
                    defaultValue={typed(guideRefused, "columns") ?? set.guide.columns.join(", ")}
                    error={said(guideRefused, "columns")}
                    hint="Separated by commas, for example: Chest, Length, Shoulder (inches). Change them and save to get their cells."
                  />
                  {set.guide.columns.length > 0 && (
                    <div className="max-w-full overflow-x-auto rounded-lg border border-stone-200">
                      <table className="min-w-full text-sm">
                        <caption className="sr-only">Size guide of {set.name}</caption>
                        <thead className="bg-stone-50">
                          <tr>
                            <th scope="col" className="px-2 py-2 text-left">
                              Size
                            </th>
                            {set.guide.columns.map((c) => (
                              <th key={c} scope="col" className="px-2 py-2 text-left">
                                {c}
                              </th>
                            ))}
                          </tr>
                        </thead>
                        <tbody>
                          {set.guide.rows.map((row) => (
                            <tr key={row.size} className="border-t border-stone-200">
                              <th scope="row" className="px-2 py-1.5 text-left font-medium">
                                {row.size}
                              </th>
                              {set.guide.columns.map((c, k) => (
                                <td key={c} className="px-1 py-1.5">
                                  <input
                                    type="text"
                                    name={guideCellName(row.size, k)}
                                    aria-label={`${c} for ${row.size}`}
                                    maxLength={30}
                                    defaultValue={
                                      keptValue(guideRefused, guideCellName(row.size, k)) ?? row.values[k] ?? ""
                                    }
                                    className="field-input w-24 px-2 py-1.5"
                                  />
                                </td>
                              ))}
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                  <TextField
                    label={`Guide note for ${set.name}`}
                    name="note"
                    required={false}
                    multiline
                    rows={2}
                    defaultValue={typed(guideRefused, "note") ?? set.guide.note ?? ""}
                    error={said(guideRefused, "note")}
                    hint="For example: body measurements in inches"
                  />
                  <div>
                    <button type="submit" name="intent" value="guide" className="btn-primary" disabled={busy}>
                      Save size guide
                    </button>
                  </div>
                </Form>
              </details>
            </li>
          );
        })}
      </ol>

      <AddSizeSetForm
        key={addRefused ? JSON.stringify(addRefused.initialValue) : "add"}
        reply={addRefused}
        busy={busy}
      />
    </section>
  );
}

/** Add a size set, checked in the browser with the action's schema. */
function AddSizeSetForm({ reply, busy }: { reply: FormReply | null; busy: boolean }) {
  const [form, fields] = useFormShape(addSizeSetSchema, reply, { id: "add-size-set" });
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="mt-6 grid max-w-xl gap-3 rounded-xl border border-stone-200 bg-white p-4"
      aria-labelledby="add-set-title"
    >
      <h3 id="add-set-title" className="text-base font-semibold text-stone-900">
        Add a size set
      </h3>
      {form.errors?.[0] && <FormAlert>{form.errors[0]}</FormAlert>}
      <TextField
        label="Size set name"
        name="name"
        defaultValue={keptValue(reply, "name") ?? ""}
        error={fields.name.errors?.[0]}
        placeholder="Kurta"
      />
      <TextField
        label="Sizes"
        name="sizes"
        defaultValue={keptValue(reply, "sizes") ?? ""}
        error={fields.sizes.errors?.[0]}
        placeholder="6, 8, 10, 12, 14, 16"
        hint="In order, separated by commas. One size (Unstitched, Free Size) is shown to buyers as a fact."
      />
      <div>
        <button type="submit" name="intent" value="add" className="btn-primary" disabled={busy}>
          Add size set
        </button>
      </div>
    </Form>
  );
}
