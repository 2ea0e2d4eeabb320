import { Form, redirect } from "react-router";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { ImageFileField } from "~/components/seller/image-file-field";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { receiveImageFields } from "~/http/receive-photos.server";
import { isRefusal, keptValues } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { mediaUrl } from "~/modules/media/image-url";
import { getSettings } from "~/modules/settings/get-settings.server";
import { DEFAULT_ACCENT, MIN_CONTRAST } from "~/modules/storefront/brand";
import { brandFormSchema, brandRefused } from "~/modules/storefront/brand-form";
import { DEFAULT_FOOTER_TEXT } from "~/modules/storefront/perks";
import { PLACEHOLDERS } from "~/modules/storefront/page-placeholders";
import { SOCIAL_NETWORKS } from "~/modules/storefront/social-links";
import { saveBrand } from "~/flows/save-storefront-settings.server";
import type { Route } from "./+types/brand";

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

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const { form, images, errors: imageErrors } = await receiveImageFields(context.db, request, IMAGE_FIELDS);
  const submission = parseSubmission(form, brandFormSchema);
  const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
  const marked = new Set([...Object.keys(schemaErrors), ...Object.keys(imageErrors)]);
  if (submission.status !== "success" || marked.size)
    return refuse(submission, { formError: brandRefused(marked.size), fieldErrors: imageErrors });
  const brand = submission.value;
  await saveBrand(context, {
    accentColor: brand.accentColor,
    footerText: brand.footerText,
    socialLinks: brand.socialLinks,
    logo: images.logo ?? (brand.removeLogo ? null : undefined),
    favicon: images.favicon ?? (brand.removeFavicon ? null : undefined),
  });
  throw redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message: "Brand saved" }) } });
}

export default function StorefrontBrand({ loaderData, actionData: sent }: Route.ComponentProps) {
  const sentReply = useKeptActionData(sent);
  const reply = isRefusal(sentReply) ? sentReply : undefined;
  const values = reply ? { ...keptValues(reply) } : loaderData.values;
  // The action's schema checks the text fields in the browser too; the pictures are checked on the server.
  const [form, fields] = useFormShape(brandFormSchema, reply, { id: "brand-form" });
  const errors = Object.fromEntries(
    [...IMAGE_FIELDS, "accentColor", "footerText", ...SOCIAL_NETWORKS.map((n) => `social_${n.id}`)].map((name) => [
      name,
      (fields as Record<string, { errors?: string[] }>)[name]?.errors?.[0],
    ]),
  ) as Record<string, string | undefined>;
  const marked = Object.values(errors).filter(Boolean).length;
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
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid gap-6"
        key={JSON.stringify(values)}
        aria-labelledby="brand-title"
      >
        {formMessage(form, brandRefused(marked)) && <FormAlert>{formMessage(form, brandRefused(marked))}</FormAlert>}
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
