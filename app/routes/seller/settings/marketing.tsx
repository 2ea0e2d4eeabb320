import { Form, Link, redirect, useLocation } from "react-router";
import { SettingsPageTitle } from "~/components/seller/settings-page-title";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { formKey } from "~/lib/form-key";
import { isRefusal, keptValue } from "~/lib/form-reply";
import { publicOrigin } from "~/lib/public-origin";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { FEED_SETTINGS_LABELS, feedSettingsSchema, metaFeedUrl } from "~/modules/marketing/feed-settings-form";
import { readFeedSettings, regenerateFeedToken, saveFeedSettings } from "~/modules/marketing/feed-settings.server";
import {
  META_PURCHASE_MOMENTS,
  metaPixelSchema,
  PURCHASE_MOMENT_LABELS,
  type MetaPurchaseMoment,
} from "~/modules/marketing/meta-settings-form";
import { readMetaSettings, removeMetaPixel, saveMetaPixel } from "~/modules/marketing/meta-settings.server";
import { readMetaLog } from "~/modules/messages/meta-log.server";
import type { Route } from "./+types/marketing";

const PATH = "/seller/settings/marketing";
export const PIXEL_SAVED = "Meta Pixel saved";
export const FEED_SAVED = "Catalogue feed settings saved";
const REFUSED = "Nothing was saved: please correct the fields marked below.";
const UNKNOWN_ACTION = "That action is not known here. Reload the page and try again.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Marketing",
    description:
      "The Meta Pixel and Conversions API, when a purchase counts, and the catalogue feed for Commerce Manager.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const LOG_STATUS_LABELS: Record<string, string> = {
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  not_configured: "Not sent",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [pixel, feed, log] = await Promise.all([
    readMetaSettings(context.db),
    readFeedSettings(context.db),
    readMetaLog(context.db),
  ]);
  return {
    // Never the token: whether one is saved, and its last four characters.
    pixel,
    feed: {
      url: metaFeedUrl(publicOrigin(context.env), feed.tokenOn ? feed.token : null),
      tokenOn: feed.tokenOn,
      includeHidden: feed.includeHidden,
      includeDrafts: feed.includeDrafts,
      includeComingSoon: feed.includeComingSoon,
    },
    log: {
      counts: log.counts,
      entries: log.entries.map((e) => ({
        ...e,
        createdAt: formatShopDateTimeHour12(e.createdAt),
        sentAt: e.sentAt ? formatShopDateTimeHour12(e.sentAt) : null,
      })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const form = await request.formData();
  const done = async (message: string) =>
    redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  const intent = String(form.get("intent") ?? "");
  if (intent === "save-feed" || intent === "regenerate-feed-token") {
    const submission = parseSubmission(form, feedSettingsSchema);
    if (submission.status !== "success") return refuse(submission, { formError: UNKNOWN_ACTION });
    if (submission.value.intent === "regenerate-feed-token") {
      await regenerateFeedToken(context.db);
      return done("A new feed token is made: paste the new feed URL into Commerce Manager.");
    }
    await saveFeedSettings(context.db, submission.value);
    return done(FEED_SAVED);
  }
  const submission = parseSubmission(form, metaPixelSchema);
  // The token typed is never sent back, whatever the answer (form-reply hides fields named like secrets).
  if (submission.status !== "success")
    return refuse(submission, { formError: submission.error?.intent ? UNKNOWN_ACTION : REFUSED });
  const sent = submission.value;
  if (sent.intent === "remove-pixel") {
    await removeMetaPixel(context.db);
    return done("Meta Pixel removed: no page carries it and nothing more is reported to Meta.");
  }
  const saved = await readMetaSettings(context.db);
  if (!sent.accessToken && !saved.hasAccessToken)
    return refuse(submission, {
      formError: REFUSED,
      fieldErrors: { accessToken: "Paste the Conversions API access token from Events Manager -> Settings" },
    });
  await saveMetaPixel(context.db, context.secretBoxes["marketing-settings"], sent);
  return done(PIXEL_SAVED);
}

export default function SellerSettingsMarketing({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const { pixel, feed, log } = loaderData;
  const location = useLocation();
  const reply = isRefusal(actionData) ? actionData : null;
  const pixelReply = keptValue(reply, "intent") === "save-pixel" ? reply : null;
  const [pixelForm, pixelFields] = useFormShape(metaPixelSchema, pixelReply, { id: "meta-pixel-form" });
  const fieldError = (name: string) => (pixelFields as Record<string, { errors?: string[] }>)[name]?.errors?.[0];
  useFocusFirstInvalid(pixelReply?.error ?? undefined);
  const values = {
    pixelId: pixelReply ? (keptValue(pixelReply, "pixelId") ?? "") : (pixel.pixelId ?? ""),
    testEventCode: pixelReply ? (keptValue(pixelReply, "testEventCode") ?? "") : (pixel.testEventCode ?? ""),
    purchaseOn: ((pixelReply ? keptValue(pixelReply, "purchaseOn") : null) ?? pixel.purchaseOn) as MetaPurchaseMoment,
  };
  const on = pixel.pixelId !== null;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="marketing-title">
        <SettingsPageTitle id="marketing-title">Marketing</SettingsPageTitle>
        <p className="mt-1 text-sm text-stone-700">
          Your products in Meta&apos;s catalogue (Instagram and Facebook shops, catalogue ads, WhatsApp catalogue), and
          purchases reported to your ads only when they are real: a cash-on-delivery order counts once it is confirmed
          or delivered, never at checkout.
        </p>
        <p
          className={`mt-2 rounded-lg px-4 py-3 text-sm font-medium ${on ? "bg-green-50 text-green-900" : "bg-stone-50 text-stone-800"}`}
          data-testid="meta-pixel-state"
        >
          {on
            ? `The Meta Pixel ${pixel.pixelId} is on${pixel.hasAccessToken ? ", and purchases are reported through the Conversions API" : ""}.`
            : "The Meta Pixel is off: no page carries it and nothing is sent to Meta."}
        </p>
      </section>

      <Form
        method="post"
        id={pixelForm.id}
        onSubmit={pixelForm.onSubmit}
        noValidate
        key={formKey(location.key, pixelReply, values)}
        aria-labelledby="meta-pixel-title"
        className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 id="meta-pixel-title" className="text-lg font-semibold text-stone-900">
          Meta Pixel and Conversions API
        </h3>
        {formMessage(pixelForm, REFUSED) && <FormAlert>{formMessage(pixelForm, REFUSED)}</FormAlert>}
        <input type="hidden" name="intent" value="save-pixel" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Pixel ID"
            name="pixelId"
            inputMode="numeric"
            defaultValue={values.pixelId}
            error={fieldError("pixelId")}
            hint="Events Manager -> Data sources: the number under your Pixel's name."
          />
          <TextField
            label="Conversions API access token"
            name="accessToken"
            type="password"
            autoComplete="new-password"
            required={!pixel.hasAccessToken}
            error={fieldError("accessToken")}
            hint={
              pixel.accessTokenLast4
                ? `Saved: •••• ${pixel.accessTokenLast4}. Leave empty to keep it.`
                : "Events Manager -> your Pixel -> Settings -> Conversions API -> Generate access token."
            }
          />
          <TextField
            label="Test event code"
            name="testEventCode"
            required={false}
            defaultValue={values.testEventCode}
            error={fieldError("testEventCode")}
            placeholder="e.g. TEST12345"
            hint="Only while you check the set-up in Events Manager -> Test events; empty it afterwards."
          />
        </div>
        <fieldset className="grid gap-2" aria-describedby="purchase-on-note">
          <legend className="field-label">When a purchase counts</legend>
          {META_PURCHASE_MOMENTS.map((moment) => (
            <label key={moment} className="flex min-h-10 items-center gap-3 text-stone-900">
              <input
                type="radio"
                name="purchaseOn"
                value={moment}
                defaultChecked={values.purchaseOn === moment}
                className="size-5"
              />
              <span>{PURCHASE_MOMENT_LABELS[moment]}</span>
            </label>
          ))}
          {fieldError("purchaseOn") && (
            <p className="text-sm text-red-700" role="alert">
              {fieldError("purchaseOn")}
            </p>
          )}
          <p id="purchase-on-note" className="text-xs text-stone-600">
            A cancelled order is never reported. An order refused at the door after it was reported stays reported: Meta
            cannot take a purchase back. Counting on delivery is the surest, but Meta learns a few days later.
          </p>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Save Pixel
          </button>
        </div>
      </Form>
      {on && (
        <Form method="post" className="-mt-3">
          <input type="hidden" name="intent" value="remove-pixel" />
          <button type="submit" className="btn-secondary">
            Remove Pixel
          </button>
        </Form>
      )}

      <section aria-labelledby="meta-log-title" className="rounded-xl border border-stone-200 bg-white p-4">
        <h3 id="meta-log-title" className="text-lg font-semibold text-stone-900">
          Purchases sent to Meta
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          {Object.keys(log.counts).length === 0
            ? "None yet: each order is reported once, when it counts."
            : Object.entries(log.counts)
                .map(([status, n]) => `${LOG_STATUS_LABELS[status] ?? status}: ${n}`)
                .join(" · ")}
        </p>
        {log.entries.length > 0 && (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Order</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Queued</th>
                  <th className="py-2 font-medium">Meta&apos;s answer</th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((e) => (
                  <tr key={e.id} className="border-t border-stone-100 align-top">
                    <td className="py-2 pr-3">
                      {e.orderId ? (
                        <Link className="underline" to={`/seller/orders/${e.orderId}`}>
                          {e.orderNumber}
                        </Link>
                      ) : (
                        e.orderNumber
                      )}
                      <div className="text-xs text-stone-600">{e.subject}</div>
                    </td>
                    <td className="py-2 pr-3">
                      {LOG_STATUS_LABELS[e.status] ?? e.status}
                      {e.attempts > 1 && <div className="text-xs text-stone-600">{e.attempts} tries</div>}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{e.createdAt}</td>
                    <td className="py-2 break-words text-stone-700">
                      {e.lastError ?? (e.sentAt ? `Taken ${e.sentAt}` : "")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Form
        method="post"
        aria-labelledby="meta-feed-title"
        className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
        key={`feed-${location.key}`}
      >
        <h3 id="meta-feed-title" className="text-lg font-semibold text-stone-900">
          Catalogue feed
        </h3>
        <p className="text-sm text-stone-700">
          Paste this address into Commerce Manager → Catalogue → Data sources → Data feed, as a scheduled feed (hourly).
          One row per size and colour, with its stock, price, sale and photos.
        </p>
        <label className="grid gap-1">
          <span className="field-label">Feed URL</span>
          <input
            type="url"
            readOnly
            value={feed.url}
            className="field-input font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="meta-feed-url"
          />
        </label>
        <input type="hidden" name="intent" value="save-feed" />
        {(
          [
            ["feedTokenOn", feed.tokenOn],
            ["includeHidden", feed.includeHidden],
            ["includeDrafts", feed.includeDrafts],
            ["includeComingSoon", feed.includeComingSoon],
          ] as const
        ).map(([name, checked]) => (
          <label key={name} className="flex min-h-10 items-center gap-3 text-stone-900">
            <input type="checkbox" name={name} value="on" defaultChecked={checked} className="size-5" />
            <span>{FEED_SETTINGS_LABELS[name]}</span>
          </label>
        ))}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Save feed settings
          </button>
        </div>
      </Form>
      {feed.tokenOn && (
        <Form method="post" className="-mt-3">
          <input type="hidden" name="intent" value="regenerate-feed-token" />
          <button type="submit" className="btn-secondary">
            Make a new token
          </button>
        </Form>
      )}
    </div>
  );
}
