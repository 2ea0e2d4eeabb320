import { data, Form, Link, redirect } from "react-router";
import type { ReactNode } from "react";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { LinkPicker } from "~/components/seller/link-picker";
import { ImageFileField } from "~/components/seller/image-file-field";
import { FormAlert } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { fieldMessages, formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { receiveImageFields } from "~/http/receive-photos.server";
import { AppError } from "~/lib/errors";
import { type FormReply, formError, isRefusal, keptValue, keptValues } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTime, toShopDateTimeLocal } from "~/lib/shop-time";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { getSettings } from "~/modules/settings/get-settings.server";
import { ANNOUNCEMENT_FIELDS } from "~/modules/storefront/announcement";
import { HERO_IMAGE_FIELDS, HERO_TEXT_FIELDS } from "~/modules/storefront/hero-slides";
import {
  deleteHeroSlide,
  getHeroSlide,
  listHeroSlides,
  moveHeroSlide,
  saveHeroSlide,
} from "~/modules/storefront/hero-slides.server";
import { listLinkOptions } from "~/modules/storefront/menus.server";
import { DEFAULT_PERKS, PERK_COUNT, PERK_ICON_LABELS, PERK_ICONS } from "~/modules/storefront/perks";
import { REFUSED_BY_FORM, storefrontHomeSchema } from "~/modules/storefront/storefront-home-form";
import { PLACEHOLDERS } from "~/modules/storefront/page-placeholders";
import { scheduleState } from "~/modules/storefront/schedule-window";
import { saveAnnouncement, savePerks } from "~/flows/save-storefront-settings.server";
import type { Route } from "./+types/storefront";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Home page",
    description: "The home page's hero slides, the announcement bar and the perks strip.",
    path: "/seller/storefront",
    noindex: true,
  });

const PATH = "/seller/storefront";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const editId = Number(new URL(request.url).searchParams.get("edit")) || null;
  const [slides, settings, options, editing] = await Promise.all([
    listHeroSlides(context.db),
    getSettings(context.db),
    listLinkOptions(context.db),
    editId ? getHeroSlide(context.db, editId) : null,
  ]);
  const now = new Date();
  return {
    slides: slides.map((s) => ({
      id: s.id,
      headline: s.headline,
      buttonHref: s.buttonHref,
      state: scheduleState(s, now),
      startsAt: s.startsAt ? formatShopDateTime(s.startsAt) : null,
      endsAt: s.endsAt ? formatShopDateTime(s.endsAt) : null,
      thumb: s.image?.sources[0]?.key ?? null,
      imageAlt: s.imageAlt,
    })),
    editing: editing && {
      id: editing.id,
      hasPhoneImage: Boolean(editing.phoneImage),
      values: {
        eyebrow: editing.eyebrow,
        headline: editing.headline,
        text: editing.text,
        buttonLabel: editing.buttonLabel,
        link: editing.buttonHref ? "path" : "none",
        path: editing.buttonHref,
        imageAlt: editing.imageAlt,
        startsAt: toShopDateTimeLocal(editing.startsAt),
        endsAt: toShopDateTimeLocal(editing.endsAt),
      },
    },
    announcement: {
      text: settings.announcementText ?? "",
      link: settings.announcementHref ? "path" : "none",
      path: settings.announcementHref ?? "",
      startsAt: toShopDateTimeLocal(settings.announcementStartsAt),
      endsAt: toShopDateTimeLocal(settings.announcementEndsAt),
      state: settings.announcementText
        ? scheduleState({ startsAt: settings.announcementStartsAt, endsAt: settings.announcementEndsAt }, now)
        : null,
    },
    perks: settings.perks ?? DEFAULT_PERKS,
    perksBuiltIn: settings.perks === null,
    options,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  // Every form here posts through the same reader: the slide form carries pictures, checked and stored like product photos.
  const { form, images, errors: imageErrors } = await receiveImageFields(context.db, request, HERO_IMAGE_FIELDS);
  const submission = parseSubmission(form, storefrontHomeSchema);
  const intent = form.get("intent");
  const refused =
    intent === "announcement" || intent === "slide-save" || intent === "perks" ? REFUSED_BY_FORM[intent] : null;
  if (!refused && submission.status !== "success") throw data("Bad request", { status: 400 });
  const slidePictures = intent === "slide-save" ? imageErrors : {};
  if (refused && (submission.status !== "success" || Object.keys(slidePictures).length))
    return refuse(submission, { formError: refused, fieldErrors: slidePictures });
  if (submission.status !== "success") throw data("Bad request", { status: 400 });
  const sent = submission.value;
  const done = async (message: string, to = PATH) => {
    throw redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  };
  try {
    switch (sent.intent) {
      case "announcement":
        await saveAnnouncement(context, sent.input);
        return done(sent.input.text ? "Announcement saved" : "Announcement turned off");
      case "slide-save":
        await saveHeroSlide(context.db, sent.id, sent.input, { ...images, removePhoneImage: sent.removePhoneImage });
        return done(sent.id ? "Slide saved" : "Slide added");
      case "slide-up":
      case "slide-down":
        if (sent.id) await moveHeroSlide(context.db, sent.id, sent.intent === "slide-up" ? "up" : "down");
        return done("Slides reordered");
      case "slide-delete":
        if (sent.id) await deleteHeroSlide(context.db, sent.id);
        return done("Slide deleted");
      case "perks":
        await savePerks(context, sent.perks);
        return done("Perks saved");
      case "perks-reset":
        await savePerks(context, null);
        return done("The built-in perks are back");
    }
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION")
      return refuse(submission, { formError: error.message, fieldErrors: error.fields });
    throw error;
  }
}

export default function StorefrontHome({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const reply = isRefusal(kept) ? kept : undefined;
  const answered = keptValue(reply, "intent");
  /** A refused form's view: its message, and what was typed. */
  const view = (r: FormReply) => ({ message: formError(r), values: keptValues(r) });
  const failed = reply && { intent: answered, ...view(reply) };
  const { slides, editing, announcement, options } = loaderData;
  const slideFailed = failed?.intent === "slide-save" ? failed : undefined;
  const emptySlide = {
    eyebrow: "",
    headline: "",
    text: "",
    buttonLabel: "",
    link: "none",
    path: "",
    imageAlt: "",
    startsAt: "",
    endsAt: "",
  };
  const slideValues: Record<string, string> = slideFailed
    ? { ...emptySlide, link: "", ...slideFailed.values }
    : (editing?.values ?? emptySlide);
  // The action's schema checks the three typed forms in the browser too (the pictures on the server).
  const [slideForm, slideFields] = useFormShape(storefrontHomeSchema, slideFailed && reply, { id: "slide-editor" });
  const [annForm, annFields] = useFormShape(storefrontHomeSchema, answered === "announcement" ? reply : null, {
    id: "announcement-editor",
  });
  const [perksForm, perksFields] = useFormShape(storefrontHomeSchema, answered === "perks" ? reply : null, {
    id: "perks-editor",
  });
  const slideErrors = fieldMessages(slideFields, [...HERO_TEXT_FIELDS, ...HERO_IMAGE_FIELDS]) as Record<
    string,
    string | undefined
  >;
  const annErrors = fieldMessages(annFields, ANNOUNCEMENT_FIELDS);
  const perkNames = Array.from({ length: PERK_COUNT }, (_, i) => [
    `perk${i}Icon`,
    `perk${i}Title`,
    `perk${i}Text`,
  ]).flat();
  const perkErrors = fieldMessages(perksFields, perkNames);
  const annFailed = failed?.intent === "announcement" ? failed : undefined;
  const ann = annFailed
    ? { text: "", link: "", path: "", startsAt: "", endsAt: "", ...annFailed.values }
    : announcement;
  const perksFailed = failed?.intent === "perks" ? failed : undefined;
  const editingId = slideFailed ? Number(slideFailed.values.id) || null : (editing?.id ?? null);

  return (
    <section aria-labelledby="storefront-title">
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <h2 id="storefront-title" className="text-xl font-semibold text-stone-900">
        Home page
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Times are Pakistan time (PKT). A slide or announcement appears at its start and goes at its end by itself.
      </p>

      <div className="mt-6 grid gap-8">
        <Panel
          title="Announcement bar"
          id="announcement"
          note="One line above the header on every page. Shoppers can close it for their visit. Leave the line empty to turn the bar off."
        >
          {formMessage(annForm, REFUSED_BY_FORM.announcement) && (
            <FormAlert>{formMessage(annForm, REFUSED_BY_FORM.announcement)}</FormAlert>
          )}
          {announcement.state && (
            <p className="text-sm text-stone-700">
              Now: <StateBadge state={announcement.state} />
            </p>
          )}
          <Form
            method="post"
            id={annForm.id}
            onSubmit={annForm.onSubmit}
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            key={JSON.stringify(ann)}
            aria-label="Announcement bar"
          >
            <input type="hidden" name="intent" value="announcement" />
            <div className="sm:col-span-2">
              <TextField
                label="Announcement"
                name="text"
                required={false}
                defaultValue={ann.text}
                error={annErrors.text}
                placeholder="Eid Edit is live: free delivery this week"
              />
            </div>
            <LinkPicker
              options={options}
              allowNone
              link={ann.link}
              path={ann.path}
              errors={{ link: annErrors.link, path: annErrors.path }}
            />
            <TextField
              label="Starts (PKT)"
              name="startsAt"
              type="datetime-local"
              required={false}
              defaultValue={ann.startsAt}
              error={annErrors.startsAt}
              hint="Empty: from now"
            />
            <TextField
              label="Ends (PKT)"
              name="endsAt"
              type="datetime-local"
              required={false}
              defaultValue={ann.endsAt}
              error={annErrors.endsAt}
              hint="Empty: until you turn it off"
            />
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary px-5">
                Save announcement
              </button>
            </div>
          </Form>
        </Panel>

        <Panel
          title="Hero slides"
          id="slides"
          note="The first live slide opens the home page; shoppers scroll or tap to the others. With no live slide the built-in hero shows."
        >
          {slides.length === 0 ? (
            <p className="text-sm text-stone-700">No slides: the home page shows the built-in hero.</p>
          ) : (
            <ol className="divide-y divide-stone-200">
              {slides.map((s, i) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
                  {s.thumb && (
                    <img
                      src={`/media/${s.thumb}.webp`}
                      alt=""
                      width={64}
                      height={64}
                      className="h-16 w-16 rounded-lg bg-stone-100 object-cover"
                    />
                  )}
                  <div className="min-w-48 flex-1">
                    <p className="font-medium text-stone-900">{s.headline}</p>
                    <p className="text-sm text-stone-600">
                      <StateBadge state={s.state} /> {s.startsAt ? `from ${s.startsAt}` : ""}{" "}
                      {s.endsAt ? `until ${s.endsAt}` : ""} {s.buttonHref && `· button to ${s.buttonHref}`}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Link
                      to={`${PATH}?edit=${s.id}#slide-form`}
                      className="btn-secondary min-h-10 px-3"
                      aria-label={`Edit: ${s.headline}`}
                    >
                      Edit
                    </Link>
                    {i > 0 && <SlideButton id={s.id} intent="slide-up" label="Up" name={s.headline} />}
                    {i < slides.length - 1 && (
                      <SlideButton id={s.id} intent="slide-down" label="Down" name={s.headline} />
                    )}
                    <SlideButton id={s.id} intent="slide-delete" label="Delete" name={s.headline} />
                  </div>
                </li>
              ))}
            </ol>
          )}
          <h4 id="slide-form" className="mt-2 font-semibold text-stone-900">
            {editingId ? "Edit slide" : "Add a slide"}
          </h4>
          {formMessage(slideForm, REFUSED_BY_FORM["slide-save"]) && (
            <FormAlert>{formMessage(slideForm, REFUSED_BY_FORM["slide-save"])}</FormAlert>
          )}
          <Form
            method="post"
            encType="multipart/form-data"
            id={slideForm.id}
            onSubmit={slideForm.onSubmit}
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            key={`${editingId}-${JSON.stringify(slideValues)}`}
            aria-labelledby="slide-form"
          >
            <input type="hidden" name="intent" value="slide-save" />
            {editingId && <input type="hidden" name="id" value={editingId} />}
            <TextField
              label="Eyebrow"
              name="eyebrow"
              required={false}
              defaultValue={slideValues.eyebrow}
              error={slideErrors.eyebrow}
              placeholder="New season"
            />
            <TextField
              label="Headline"
              name="headline"
              defaultValue={slideValues.headline}
              error={slideErrors.headline}
            />
            <div className="sm:col-span-2">
              <TextField
                label="Text"
                name="text"
                multiline
                rows={2}
                required={false}
                defaultValue={slideValues.text}
                error={slideErrors.text}
              />
            </div>
            <TextField
              label="Button label"
              name="buttonLabel"
              required={false}
              defaultValue={slideValues.buttonLabel}
              error={slideErrors.buttonLabel}
              placeholder="Shop the Eid Edit"
            />
            <div className="hidden sm:block" />
            <LinkPicker
              options={options}
              allowNone
              noneLabel="No button"
              label="Button links to"
              link={slideValues.link}
              path={slideValues.path}
              errors={{ link: slideErrors.link, path: slideErrors.path }}
            />
            <ImageFileField
              label="Desktop picture"
              name="image"
              required={!editingId}
              error={slideErrors.image}
              hint={
                editingId
                  ? "Choose a file to replace the picture."
                  : "JPEG, PNG or WebP up to 5 MB; wide pictures look best."
              }
            />
            <ImageFileField
              label="Phone picture"
              name="phoneImage"
              required={false}
              error={slideErrors.phoneImage}
              hint="Optional: shown on screens under 768 px wide (a tall picture works best)."
            />
            {editing?.hasPhoneImage && editingId === editing.id && (
              <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800 sm:col-span-2">
                <input type="checkbox" name="removePhoneImage" className="size-5" /> Remove the phone picture
              </label>
            )}
            <div className="sm:col-span-2">
              <TextField
                label="Picture description (alt text)"
                name="imageAlt"
                defaultValue={slideValues.imageAlt}
                error={slideErrors.imageAlt}
              />
            </div>
            <TextField
              label="Starts (PKT)"
              name="startsAt"
              type="datetime-local"
              required={false}
              defaultValue={slideValues.startsAt}
              error={slideErrors.startsAt}
              hint="Empty: from now"
            />
            <TextField
              label="Ends (PKT)"
              name="endsAt"
              type="datetime-local"
              required={false}
              defaultValue={slideValues.endsAt}
              error={slideErrors.endsAt}
              hint="Empty: no end"
            />
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <button type="submit" className="btn-primary px-5">
                {editingId ? "Save slide" : "Add slide"}
              </button>
              {editingId && (
                <Link to={PATH} className="btn-secondary px-5">
                  Cancel
                </Link>
              )}
            </div>
          </Form>
        </Panel>

        <Panel
          title="Perks strip"
          id="perks"
          note={`Four short promises under the hero. Placeholders fill in from Settings: ${PLACEHOLDERS.map((p) => `{${p.name}}`).join(", ")}.`}
        >
          {formMessage(perksForm, REFUSED_BY_FORM.perks) && (
            <FormAlert>{formMessage(perksForm, REFUSED_BY_FORM.perks)}</FormAlert>
          )}
          <Form
            method="post"
            id={perksForm.id}
            onSubmit={perksForm.onSubmit}
            noValidate
            className="grid gap-4"
            aria-label="Perks strip"
            key={JSON.stringify(perksFailed?.values ?? loaderData.perks)}
          >
            {loaderData.perks.map((perk, i) => (
              <fieldset key={i} className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[12rem_1fr]">
                <legend className="px-1 text-sm font-semibold text-stone-900">Perk {i + 1}</legend>
                <div>
                  <label htmlFor={`perk${i}Icon`} className="field-label">
                    Icon
                  </label>
                  <select
                    id={`perk${i}Icon`}
                    name={`perk${i}Icon`}
                    defaultValue={perksFailed?.values[`perk${i}Icon`] ?? perk.icon}
                    className="field-input"
                  >
                    {PERK_ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {PERK_ICON_LABELS[icon]}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  label="Title"
                  name={`perk${i}Title`}
                  defaultValue={perksFailed?.values[`perk${i}Title`] ?? perk.title}
                  error={perkErrors[`perk${i}Title`]}
                />
                <div className="sm:col-span-2">
                  <TextField
                    label="Text"
                    name={`perk${i}Text`}
                    defaultValue={perksFailed?.values[`perk${i}Text`] ?? perk.text}
                    error={perkErrors[`perk${i}Text`]}
                  />
                </div>
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-3">
              {/* The first button is the form's default (Enter): Save. */}
              <button type="submit" name="intent" value="perks" className="btn-primary px-5">
                Save perks
              </button>
              {!loaderData.perksBuiltIn && (
                <button type="submit" name="intent" value="perks-reset" className="btn-secondary px-5">
                  Use the built-in perks
                </button>
              )}
            </div>
          </Form>
        </Panel>
      </div>
    </section>
  );
}

function Panel({ title, id, note, children }: { title: string; id: string; note: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-stone-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-stone-700">{note}</p>
      </div>
      {children}
    </section>
  );
}

const STATE_LABELS = { live: "Live", scheduled: "Scheduled", ended: "Ended" } as const;

function StateBadge({ state }: { state: keyof typeof STATE_LABELS }) {
  const tone =
    state === "live"
      ? "bg-green-100 text-green-900"
      : state === "scheduled"
        ? "bg-amber-100 text-amber-900"
        : "bg-stone-200 text-stone-800";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{STATE_LABELS[state]}</span>;
}

function SlideButton({ id, intent, label, name }: { id: number; intent: string; label: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`btn-secondary min-h-10 px-3 ${intent === "slide-delete" ? "text-red-800" : ""}`}
        aria-label={`${label}: ${name}`}
      >
        {label}
      </button>
    </Form>
  );
}
