import { data, Form, redirect } from "react-router";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { ImageFileField } from "~/components/seller/image-file-field";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { receiveImageFields } from "~/http/receive-photos.server";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import { DEFAULT_ACCENT, MIN_CONTRAST, readAccentColor } from "~/modules/storefront/brand";
import { DEFAULT_FOOTER_TEXT, FOOTER_TEXT_MAX } from "~/modules/storefront/perks";
import { PLACEHOLDERS } from "~/modules/storefront/page-placeholders";
import { readSocialLinks, SOCIAL_NETWORKS } from "~/modules/storefront/social-links";
import { saveBrand } from "~/flows/save-storefront-settings.server";
import type { Route } from "./+types/seller-storefront-brand";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Brand",
    description: "The shop's logo, icon, accent colour, footer line and social links.",
    path: "/seller/storefront/brand",
    noindex: true,
  });

const PATH = "/seller/storefront/brand";
const IMAGE_FIELDS = ["logo", "favicon"] as const;

function brandValues(s: Awaited<ReturnType<typeof getSettings>>): Record<string, string> {
  return {
    accentColor: s.accentColor ?? "",
    footerText: s.footerText ?? "",
    ...Object.fromEntries(
      SOCIAL_NETWORKS.map((n) => [`social_${n.id}`, s.socialLinks.find((l) => l.network === n.id)?.url ?? ""]),
    ),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const settings = await getSettings(context.db);
  return {
    values: brandValues(settings),
    logo: settings.logo?.sources[0]?.key ?? null,
    favicon: settings.favicon?.sources[0]?.key ?? null,
    brandName: settings.brandName,
  };
}

type Failure = { message: string; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const { form, images, errors: imageErrors } = await receiveImageFields(context.db, request, IMAGE_FIELDS);
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const errors: Record<string, string> = { ...imageErrors };
  const accent = readAccentColor(values.accentColor ?? "");
  if (!accent.ok) errors.accentColor = accent.error;
  const footerText = (values.footerText ?? "").trim();
  if (footerText.length > FOOTER_TEXT_MAX) errors.footerText = `Keep the line under ${FOOTER_TEXT_MAX} characters`;
  const social = readSocialLinks(values);
  if (!social.ok) Object.assign(errors, social.errors);
  if (Object.keys(errors).length || !accent.ok || !social.ok) {
    return data<Failure>(
      {
        message: `Nothing was saved: please correct the ${Object.keys(errors).length === 1 ? "field" : "fields"} marked below.`,
        errors,
        values,
      },
      { status: 400 },
    );
  }
  await saveBrand(context, {
    accentColor: accent.color,
    footerText: footerText || null,
    socialLinks: social.links,
    logo: images.logo ?? (values.removeLogo === "on" ? null : undefined),
    favicon: images.favicon ?? (values.removeFavicon === "on" ? null : undefined),
  });
  throw redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message: "Brand saved" }) } });
}

export default function StorefrontBrand({ loaderData, actionData: sent }: Route.ComponentProps) {
  const failed = useKeptActionData(sent) as Failure | undefined;
  const values = failed?.values ?? loaderData.values;
  const errors = failed?.errors ?? {};
  return (
    <section aria-labelledby="brand-title">
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <h2 id="brand-title" className="text-xl font-semibold text-stone-900">
        Brand
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Your logo, browser icon and colour, on every page of the shop from the next page load.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-4 grid gap-6"
        key={JSON.stringify(values)}
        aria-labelledby="brand-title"
      >
        {failed && <FormAlert>{failed.message}</FormAlert>}
        <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 font-semibold text-stone-900">Logo and icon</legend>
          <div className="grid gap-2">
            <ImageFileField
              label="Logo"
              name="logo"
              required={false}
              error={errors.logo}
              hint={`Shown in the header instead of the name "${loaderData.brandName}" (which stays its text for screen readers).`}
            />
            {loaderData.logo && (
              <div className="flex items-center gap-3">
                <img
                  src={mediaUrl(loaderData.logo)}
                  alt="Current logo"
                  className="h-10 w-auto max-w-40 rounded bg-stone-50 object-contain"
                />
                <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
                  <input type="checkbox" name="removeLogo" className="size-5" /> Remove the logo
                </label>
              </div>
            )}
          </div>
          <div className="grid gap-2">
            <ImageFileField
              label="Browser icon (favicon)"
              name="favicon"
              required={false}
              error={errors.favicon}
              hint="A square picture; browsers show it small beside the tab's title."
            />
            {loaderData.favicon && (
              <div className="flex items-center gap-3">
                <img
                  src={mediaUrl(loaderData.favicon)}
                  alt="Current icon"
                  width={32}
                  height={32}
                  className="h-8 w-8 rounded object-cover"
                />
                <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
                  <input type="checkbox" name="removeFavicon" className="size-5" /> Use the built-in icon
                </label>
              </div>
            )}
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 font-semibold text-stone-900">Accent colour</legend>
          <div>
            <TextField
              label="Accent colour"
              name="accentColor"
              required={false}
              defaultValue={values.accentColor}
              error={errors.accentColor}
              placeholder={DEFAULT_ACCENT}
              hint={`Buttons and links, with white text on them: it must be dark enough (contrast ${MIN_CONTRAST}:1 with white). A hex code such as #7a1f3d; empty: the built-in green.`}
            />
          </div>
          <div className="flex items-center gap-3 text-sm text-stone-700">
            <span aria-hidden className="btn-primary pointer-events-none">
              Sample button
            </span>
            <span>The current colour, as shoppers see it.</span>
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 font-semibold text-stone-900">Footer</legend>
          <div className="sm:col-span-2">
            <TextField
              label="Line under the brand name"
              name="footerText"
              multiline
              rows={2}
              required={false}
              defaultValue={values.footerText}
              error={errors.footerText}
              placeholder={DEFAULT_FOOTER_TEXT}
              hint={`Empty: the built-in line. Placeholders fill in from Settings: ${PLACEHOLDERS.map((p) => `{${p.name}}`).join(", ")}.`}
            />
          </div>
          {SOCIAL_NETWORKS.map((n) => (
            <TextField
              key={n.id}
              label={n.label}
              name={`social_${n.id}`}
              type="url"
              required={false}
              defaultValue={values[`social_${n.id}`]}
              error={errors[`social_${n.id}`]}
              placeholder={`https://${n.domains[0]}/...`}
            />
          ))}
        </fieldset>

        <button type="submit" className="btn-primary justify-self-start px-6">
          Save brand
        </button>
      </Form>
    </section>
  );
}
