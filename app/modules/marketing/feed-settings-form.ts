import { z } from "~/lib/zod";

/**
 * Settings -> Marketing's catalogue feed form (issue 44): whether /feeds/meta.csv asks for a secret
 * token, a button that makes a new token (the old feed URL stops working), and which products
 * beyond those on sale the feed lists, out of stock. Ticked boxes post "on"; an unticked one posts
 * nothing.
 */
export const FEED_SETTINGS_FIELDS = ["feedTokenOn", "includeHidden", "includeDrafts", "includeComingSoon"] as const;
export type FeedSettingsField = (typeof FEED_SETTINGS_FIELDS)[number];

export const FEED_SETTINGS_LABELS: Record<FeedSettingsField, string> = {
  feedTokenOn: "Ask for a secret token (only links with it can read the feed)",
  includeHidden: "List products in hidden categories",
  includeDrafts: "List drafts (as out of stock)",
  includeComingSoon: "List coming-soon products (as out of stock)",
};

export type FeedSettingsInput = {
  tokenOn: boolean;
  includeHidden: boolean;
  includeDrafts: boolean;
  includeComingSoon: boolean;
};

const checked = z
  .unknown()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const feedSettingsSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("save-feed"),
      feedTokenOn: checked,
      includeHidden: checked,
      includeDrafts: checked,
      includeComingSoon: checked,
    })
    .transform(
      ({ feedTokenOn, includeHidden, includeDrafts, includeComingSoon }) =>
        ({
          intent: "save-feed",
          tokenOn: feedTokenOn,
          includeHidden,
          includeDrafts,
          includeComingSoon,
        }) as const satisfies FeedSettingsInput & { intent: "save-feed" },
    ),
  // A new token: the feed URL pasted into Commerce Manager must be replaced by the new one.
  z.object({ intent: z.literal("regenerate-feed-token") }),
]);
export type FeedSettingsSubmission = z.infer<typeof feedSettingsSchema>;

/** The path of the Meta catalogue feed. */
export const META_FEED_PATH = "/feeds/meta.csv";

/** The URL to paste into Commerce Manager: the feed at the shop's origin, with its token when one is asked for. */
export function metaFeedUrl(origin: string, token: string | null): string {
  const url = `${origin.replace(/\/+$/, "")}${META_FEED_PATH}`;
  return token ? `${url}?${new URLSearchParams({ token })}` : url;
}
