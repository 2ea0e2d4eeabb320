import { data, Form, redirect } from "react-router";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { LinkPicker } from "~/components/seller/link-picker";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { type FormReply, fieldError, formError, isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { MENU_ACTION_FIELDS, menuFormSchema } from "~/modules/storefront/menu-form";
import { MENUS, menuTitle, type MenuName } from "~/modules/storefront/menus";
import {
  addMenuItem,
  deleteMenuItem,
  listLinkOptions,
  listMenuItems,
  moveMenuItem,
  updateMenuItem,
  type OwnerMenuItem,
} from "~/modules/storefront/menus.server";
import { linkChoice, type LinkOptions } from "~/modules/storefront/shop-link";
import type { Route } from "./+types/menus";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Menus",
    description: "The header's and the footer's links.",
    path: "/seller/storefront/menus",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [header, footer, options] = await Promise.all([
    listMenuItems(context.db, "header"),
    listMenuItems(context.db, "footer"),
    listLinkOptions(context.db),
  ]);
  return { menus: { header, footer }, options };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), menuFormSchema);
  if (submission.status !== "success") {
    if (MENU_ACTION_FIELDS.some((name) => submission.error?.[name])) throw data("Bad request", { status: 400 });
    // The label or the link: the same words the module says, beside the field.
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    return refuse(submission, { formError: first ?? undefined });
  }
  const input = submission.value;
  try {
    if (input.intent === "add") await addMenuItem(context.db, input.menu, input);
    else if (input.intent === "update") await updateMenuItem(context.db, input.id, input);
    else if (input.intent === "move") await moveMenuItem(context.db, input.id, input.move);
    else await deleteMenuItem(context.db, input.id);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code === "NOT_FOUND" && input.intent !== "move")) throw error;
    return refuse(submission, { formError: error.message, fieldErrors: error.fields, status: error.status });
  }
  const done = { add: "Menu item added", update: "Menu item saved", move: "Menu updated", delete: "Menu item deleted" }[
    input.intent
  ];
  throw redirect("/seller/storefront/menus", {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: done }) },
  });
}

/** A refusal of one of the page's forms, and which: its intent, menu and item as posted. */
type Failure = FormReply & { sent?: string; menu?: string; itemId?: string };

export default function StorefrontMenus({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const reply = isRefusal(kept) ? kept : undefined;
  const failed: Failure | undefined = reply && {
    ...reply,
    sent: keptValue(reply, "intent"),
    menu: keptValue(reply, "menu"),
    itemId: keptValue(reply, "id"),
  };
  return (
    <section aria-labelledby="menus-title">
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <h2 id="menus-title" className="text-xl font-semibold text-stone-900">
        Menus
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        The header&apos;s links (an item with links under it opens as a dropdown on a laptop and an indented list on a
        phone) and the footer&apos;s columns (each top-level item is a column heading, the links under it its rows).
        Links to hidden categories and unpublished collections or pages are left out.
      </p>
      {failed && !fieldError(failed, "label") && !fieldError(failed, "link") && !fieldError(failed, "path") && (
        <div className="mt-4">
          <FormAlert>{formError(failed)}</FormAlert>
        </div>
      )}
      <div className="mt-6 grid gap-8">
        {MENUS.map((menu) => (
          <MenuEditor
            key={menu}
            menu={menu}
            items={loaderData.menus[menu]}
            options={loaderData.options}
            failed={failed}
          />
        ))}
      </div>
    </section>
  );
}

function MenuEditor({
  menu,
  items,
  options,
  failed,
}: {
  menu: MenuName;
  items: OwnerMenuItem[];
  options: LinkOptions;
  failed: Failure | undefined;
}) {
  const tops = items.filter((i) => i.parentId === null);
  const addFailed = failed?.sent === "add" && failed.menu === menu ? failed : undefined;
  const titleId = `${menu}-menu-title`;
  // The action's schema checks the item in the browser too (whether its link still exists is the server's).
  const [form, fields] = useFormShape(menuFormSchema, addFailed, { id: `${menu}-menu-add` });
  const message = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors?.[0];
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h3 id={titleId} className="font-semibold text-stone-900">
        {menuTitle(menu)}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No items yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-200">
          {items.map((item) => (
            <MenuRow
              key={item.id}
              item={item}
              items={items}
              options={options}
              failed={failed?.sent === "update" && failed.itemId === String(item.id) ? failed : undefined}
            />
          ))}
        </ol>
      )}
      <details className="mt-4" open={Boolean(addFailed)}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-medium text-brand-700">
          Add an item to the {menuTitle(menu).toLowerCase()}
        </summary>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-3 grid gap-4 sm:grid-cols-2"
          key={JSON.stringify(addFailed?.initialValue ?? {})}
          aria-label={`Add to the ${menuTitle(menu).toLowerCase()}`}
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="menu" value={menu} />
          <TextField
            label="Label"
            name="label"
            defaultValue={keptValue(addFailed, "label") ?? ""}
            error={message("label")}
          />
          <div>
            <label htmlFor={`${menu}-parent`} className="field-label">
              Place
            </label>
            <select
              id={`${menu}-parent`}
              name="parentId"
              defaultValue={keptValue(addFailed, "parentId") ?? ""}
              className="field-input"
            >
              <option value="">At the top level{menu === "footer" ? " (a column)" : ""}</option>
              {tops.map((t) => (
                <option key={t.id} value={t.id}>
                  Under {t.label}
                </option>
              ))}
            </select>
            {message("parentId") && <p className="field-error">{message("parentId")}</p>}
          </div>
          <LinkPicker
            options={options}
            allowNone
            noneLabel="No link (a heading)"
            link={keptValue(addFailed, "link") ?? "none"}
            path={keptValue(addFailed, "path") ?? ""}
            errors={{ link: message("link"), path: message("path") }}
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary px-5">
              Add item
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}

function MenuRow({
  item,
  items,
  options,
  failed,
}: {
  item: OwnerMenuItem;
  items: OwnerMenuItem[];
  options: LinkOptions;
  failed: Failure | undefined;
}) {
  const siblings = items.filter((i) => i.parentId === item.parentId);
  const at = siblings.findIndex((i) => i.id === item.id);
  const hasChildren = items.some((i) => i.parentId === item.id);
  const choice = linkChoice(item.target);
  const [form, fields] = useFormShape(menuFormSchema, failed, { id: `menu-item-${item.id}` });
  const message = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors?.[0];
  const moves: { move: string; label: string; show: boolean }[] = [
    { move: "up", label: "Up", show: at > 0 },
    { move: "down", label: "Down", show: at < siblings.length - 1 },
    { move: "indent", label: "Indent", show: item.parentId === null && at > 0 && !hasChildren },
    { move: "outdent", label: "Outdent", show: item.parentId !== null },
  ];
  return (
    <li className={`py-3 ${item.parentId !== null ? "ml-6 border-l-2 border-stone-200 pl-3" : ""}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-stone-900">{item.label}</p>
          <p className="text-sm text-stone-600">
            {item.describe}
            {item.hiddenTarget ? " (not shown: hidden or unpublished)" : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {moves
            .filter((m) => m.show)
            .map((m) => (
              <Form method="post" key={m.move}>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="move"
                  value={m.move}
                  className="btn-secondary min-h-10 px-3"
                  aria-label={`${m.label}: ${item.label}`}
                >
                  {m.label}
                </button>
              </Form>
            ))}
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              className="btn-secondary min-h-10 px-3 text-red-800"
              aria-label={`Delete: ${item.label}${hasChildren ? " and the links under it" : ""}`}
            >
              Delete
            </button>
          </Form>
        </div>
      </div>
      <details className="mt-2" open={Boolean(failed) || form.status === "error"}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center text-sm font-medium text-brand-700">
          Edit<span className="sr-only">: {item.label}</span>
        </summary>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="mt-2 grid gap-4 sm:grid-cols-2"
          aria-label={`Edit ${item.label}`}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <TextField
            label="Label"
            name="label"
            defaultValue={failed ? (keptValue(failed, "label") ?? "") : item.label}
            error={message("label")}
          />
          <div className="hidden sm:block" />
          <LinkPicker
            options={options}
            allowNone
            noneLabel="No link (a heading)"
            link={failed ? (keptValue(failed, "link") ?? "") : choice.link}
            path={failed ? (keptValue(failed, "path") ?? "") : choice.path}
            errors={{ link: message("link"), path: message("path") }}
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary px-5">
              Save item
            </button>
          </div>
        </Form>
      </details>
    </li>
  );
}
