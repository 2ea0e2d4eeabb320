import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { LinkPicker } from "~/components/seller/link-picker";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { MENU_MOVES, MENUS, menuTitle, type MenuName } from "~/modules/storefront/menus";
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
import type { Route } from "./+types/seller-storefront-menus";

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

const menuName = z.enum(MENUS);
const itemFields = { label: z.string().default(""), link: z.string().default(""), path: z.string().default("") };
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), menu: menuName, parentId: z.string().default(""), ...itemFields }),
  z.object({ intent: z.literal("update"), id: z.coerce.number().int(), ...itemFields }),
  z.object({ intent: z.literal("move"), id: z.coerce.number().int(), move: z.enum(MENU_MOVES) }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int() }),
]);

type Failure = {
  intent: "add" | "update" | "move" | "delete";
  menu?: MenuName;
  id?: number;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) throw data("Bad request", { status: 400 });
  const input = parsed.data;
  try {
    if (input.intent === "add") await addMenuItem(context.db, input.menu, input);
    else if (input.intent === "update") await updateMenuItem(context.db, input.id, input);
    else if (input.intent === "move") await moveMenuItem(context.db, input.id, input.move);
    else await deleteMenuItem(context.db, input.id);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code === "NOT_FOUND" && input.intent !== "move")) throw error;
    return data<Failure>(
      {
        intent: input.intent,
        menu: "menu" in input ? input.menu : undefined,
        id: "id" in input ? input.id : undefined,
        message: error.message,
        errors: error.fields ?? {},
        values: form,
      },
      { status: error.status },
    );
  }
  const done = { add: "Menu item added", update: "Menu item saved", move: "Menu updated", delete: "Menu item deleted" }[
    input.intent
  ];
  throw redirect("/seller/storefront/menus", {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: done }) },
  });
}

export default function StorefrontMenus({ loaderData, actionData: sent }: Route.ComponentProps) {
  const failed = useKeptActionData(sent) as Failure | undefined;
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
      {failed && !failed.errors?.label && !failed.errors?.link && !failed.errors?.path && (
        <div className="mt-4">
          <FormAlert>{failed.message}</FormAlert>
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
  const addFailed = failed?.intent === "add" && failed.menu === menu ? failed : undefined;
  const titleId = `${menu}-menu-title`;
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
              failed={failed?.intent === "update" && failed.id === item.id ? failed : undefined}
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
          className="mt-3 grid gap-4 sm:grid-cols-2"
          key={JSON.stringify(addFailed?.values ?? {})}
          aria-label={`Add to the ${menuTitle(menu).toLowerCase()}`}
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="menu" value={menu} />
          <TextField
            label="Label"
            name="label"
            defaultValue={addFailed?.values.label ?? ""}
            error={addFailed?.errors.label}
          />
          <div>
            <label htmlFor={`${menu}-parent`} className="field-label">
              Place
            </label>
            <select
              id={`${menu}-parent`}
              name="parentId"
              defaultValue={addFailed?.values.parentId ?? ""}
              className="field-input"
            >
              <option value="">At the top level{menu === "footer" ? " (a column)" : ""}</option>
              {tops.map((t) => (
                <option key={t.id} value={t.id}>
                  Under {t.label}
                </option>
              ))}
            </select>
            {addFailed?.errors.parentId && <p className="field-error">{addFailed.errors.parentId}</p>}
          </div>
          <LinkPicker
            options={options}
            allowNone
            noneLabel="No link (a heading)"
            link={addFailed?.values.link ?? "none"}
            path={addFailed?.values.path ?? ""}
            errors={{ link: addFailed?.errors.link, path: addFailed?.errors.path }}
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
      <details className="mt-2" open={Boolean(failed)}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center text-sm font-medium text-brand-700">
          Edit<span className="sr-only">: {item.label}</span>
        </summary>
        <Form method="post" className="mt-2 grid gap-4 sm:grid-cols-2" aria-label={`Edit ${item.label}`}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <TextField
            label="Label"
            name="label"
            defaultValue={failed?.values.label ?? item.label}
            error={failed?.errors.label}
          />
          <div className="hidden sm:block" />
          <LinkPicker
            options={options}
            allowNone
            noneLabel="No link (a heading)"
            link={failed?.values.link ?? choice.link}
            path={failed?.values.path ?? choice.path}
            errors={{ link: failed?.errors.link, path: failed?.errors.path }}
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
