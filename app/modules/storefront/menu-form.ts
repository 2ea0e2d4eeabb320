import { z } from "~/lib/zod";
import { MENU_LABEL_MAX, MENU_MOVES, MENUS } from "./menus";
import { readLinkTarget } from "./shop-link";

const typed = z.string().default("");
const itemId = z.coerce.number().int();

/** An item's label and link, checked as the module checks them (whether the linked page still exists is the server's). */
function checkItem(item: { label: string; link: string; path: string }, ctx: z.RefinementCtx) {
  const label = item.label.trim();
  if (!label) ctx.addIssue({ code: "custom", path: ["label"], message: "Write the label shoppers see" });
  else if (label.length > MENU_LABEL_MAX)
    ctx.addIssue({ code: "custom", path: ["label"], message: `Keep the label under ${MENU_LABEL_MAX} characters` });
  const read = readLinkTarget(item.link, item.path, { allowNone: true });
  if ("error" in read) ctx.addIssue({ code: "custom", path: [read.field], message: read.error });
}

/** Storefront -> Menus: add an item, edit one (checked in the browser and on the server), move or delete one (buttons). */
export const menuFormSchema = z.discriminatedUnion("intent", [
  z
    .object({ intent: z.literal("add"), menu: z.enum(MENUS), parentId: typed, label: typed, link: typed, path: typed })
    .superRefine(checkItem),
  z.object({ intent: z.literal("update"), id: itemId, label: typed, link: typed, path: typed }).superRefine(checkItem),
  z.object({ intent: z.literal("move"), id: itemId, move: z.enum(MENU_MOVES) }),
  z.object({ intent: z.literal("delete"), id: itemId }),
]);

/** The fields that say which action on which item: one of them wrong is a bad request, not a typing mistake. */
export const MENU_ACTION_FIELDS = ["intent", "menu", "id", "move"] as const;
