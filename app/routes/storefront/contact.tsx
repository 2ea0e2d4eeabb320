import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { ClockIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { ShopMap } from "~/components/ui/shop-map";
import { TextField } from "~/components/ui/text-field";
import { instagramUrl, telHref } from "~/lib/contact-links";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { keepOnFailure } from "~/http/keep-on-failure";
import { parseSubmission, refusal, refusalFrom, refusalOf, refuse } from "~/http/form-reply";
import { isRefusal, keptValue } from "~/lib/form-reply";
import { useFormShape } from "~/components/ui/use-form-shape";
import { CLEAR_OVERSIZE_COOKIE, readOversizeNotice } from "~/http/oversize-form";
import { CONTACT_MAX, contactSchema, contactTooLong, type ContactField } from "~/modules/contact/contact-schema";
import {
  CONTACT_FAILURE,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SUCCESS,
  CONTACT_TOKEN_FIELD,
} from "~/modules/contact/contact-messages";
import { loadContactFormSecret, signContactFormToken } from "~/modules/contact/contact-form-token.server";
import { submitContactMessage } from "~/flows/submit-contact-message.server";
import { contactResponseInit } from "~/modules/contact/store-contact-message.server";
import { PageHtml } from "~/components/layout/policy-page";
import { getSettings } from "~/modules/settings/get-settings.server";
import { getFaqEntries } from "~/modules/storefront/get-page.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Contact Us",
    description: "Questions about an order, sizes or returns? Write to us or call: we reply within 24 hours.",
    path: "/contact",
  });

// Each view carries its own rendered-at time: never from the guest page cache, or a bot could reuse an old one.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The form's signed rendered-at time, for the timing check against bots; and, after a message too
 * large to be read at all (sent without JavaScript, server/body-limit.ts), which field was too long
 * and the other fields as typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [secret, faq, settings] = await Promise.all([
    loadContactFormSecret(context.db),
    getFaqEntries(context.db),
    getSettings(context.db),
  ]);
  const formToken = signContactFormToken(secret);
  const shared = { faq, returnWindowDays: settings.returnWindowDays };
  const notice = readOversizeNotice(request, "/contact");
  if (!notice) return data({ formToken, tooLarge: null, ...shared });
  const field: ContactField = notice.field in CONTACT_MAX ? (notice.field as ContactField) : "message";
  const text = (k: ContactField) => (k === field ? "" : (notice.values[k] ?? ""));
  const tooLarge = refusalFrom(
    { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") },
    { fieldErrors: { [field]: contactTooLong(field) } },
  );
  return data({ formToken, tooLarge, ...shared }, { headers: { "Set-Cookie": CLEAR_OVERSIZE_COOKIE } });
}

/** The form read with contactSchema (the one the page checks with); the module's own refusals (an expired form, too many messages) in the same shape. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseSubmission(form, contactSchema);
  if (submission.status !== "success") return refuse(submission);
  // The honeypot and the signed time go with the message: the module's spam checks read them.
  const result = await submitContactMessage(context, Object.fromEntries(form), { address: requestAddress(request) });
  if (result.ok) return data(result);
  return data(
    refusal(submission, { formError: result.formError, fieldErrors: result.errors }),
    contactResponseInit(result),
  );
}

/** A message whose request failed (server error, outage, no network): SPEC.md's words above the button, the message kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, CONTACT_FAILURE));

export default function Contact({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const root = useRootData();
  const shop = root?.shop;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const sent = actionData && "ok" in actionData;
  // The server's refusal, or the notice of a message too large to be read at all.
  const failed = isRefusal(actionData) ? actionData : sent ? null : loaderData.tooLarge;
  // contactSchema checks the form before sending (with JavaScript): nothing is sent, nothing typed is lost.
  // Checked on Send Message: the message box sits just above the button.
  const [form, fields] = useFormShape(contactSchema, failed, { id: "contact", validate: "onSubmit" });
  const errorOf = (field: ContactField) => fields[field].errors?.[0];
  useEffect(() => {
    // Sent: the form is emptied (its reset clears the form's messages too).
    if (sent) formRef.current?.reset();
  }, [actionData, sent]);

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-stone-900">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Questions about sizing, an order or a return? Send us a message and we will get back to you within 24 hours.
      </p>

      {shop && (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard
            icon={<MailIcon />}
            title="Email us"
            body={
              <a className="underline" href={`mailto:${shop.contactEmail}`}>
                {shop.contactEmail}
              </a>
            }
            note="Replies within 24 hours"
          />
          <ContactCard
            icon={<PhoneIcon />}
            title="Call us"
            body={
              <a className="underline" href={telHref(shop.phone)}>
                {shop.phone}
              </a>
            }
            note="Mon-Sat 10AM-8PM"
          />
          <ContactCard
            icon={<PinIcon />}
            title="Visit our store"
            body={
              <span>
                {shop.address}, {shop.city}
              </span>
            }
            note="Flagship store"
          />
          <ContactCard
            icon={<InstagramIcon />}
            title="Instagram"
            body={
              <a className="underline" href={instagramUrl(shop.instagram)} rel="noopener">
                {shop.instagram}
              </a>
            }
            note="New drops and offers"
          />
        </ul>
      )}

      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="form-title">
          <h2 id="form-title" className="text-xl font-semibold text-stone-900">
            Send us a message
          </h2>
          {sent && (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
              {CONTACT_SUCCESS}
            </p>
          )}
          <Form
            ref={formRef}
            method="post"
            id={form.id}
            onSubmit={form.onSubmit}
            noValidate
            className="mt-4 grid gap-4"
            aria-label="Contact form"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Name"
                name="name"
                autoComplete="name"
                error={errorOf("name")}
                defaultValue={keptValue(failed, "name")}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                error={errorOf("email")}
                defaultValue={keptValue(failed, "email")}
              />
            </div>
            <TextField
              label="Subject"
              name="subject"
              error={errorOf("subject")}
              defaultValue={keptValue(failed, "subject")}
            />
            <TextField
              label="Message"
              name="message"
              multiline
              error={errorOf("message")}
              defaultValue={keptValue(failed, "message")}
            />
            {/* Spam checks: a field only bots fill in (off screen, out of the tab order, hidden from screen readers) and the signed time the form was shown. */}
            <div
              aria-hidden="true"
              style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
            >
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                type="text"
                name={CONTACT_HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <input type="hidden" name={CONTACT_TOKEN_FIELD} value={loaderData.formToken} />
            {form.errors?.[0] && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
                {form.errors[0]}
              </p>
            )}
            <button type="submit" className="btn-primary justify-self-start px-6" disabled={sending}>
              {sending ? "Sending..." : "Send Message"}
            </button>
          </Form>
        </section>

        <section aria-labelledby="visit-title" className="flex flex-col gap-6">
          <h2 id="visit-title" className="text-xl font-semibold text-stone-900">
            Visit us
          </h2>
          {shop && <ShopMap address={shop.address} city={shop.city} />}
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-stone-900">
              <ClockIcon className="h-5 w-5" /> Store hours
            </h3>
            <table className="mt-2 text-sm text-stone-700">
              <tbody>
                <tr>
                  <th scope="row" className="pr-6 text-left font-normal">
                    Monday - Saturday
                  </th>
                  <td>10:00 AM - 8:00 PM</td>
                </tr>
                <tr>
                  <th scope="row" className="pr-6 text-left font-normal">
                    Sunday
                  </th>
                  <td>Closed</td>
                </tr>
              </tbody>
            </table>
          </div>
          <div>
            <h3 className="font-semibold text-stone-900">Customer service</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
              <li>We reply to every message within 24 hours.</li>
              <li>Phone support Monday to Saturday, 10AM-8PM.</li>
              <li>Cash on delivery everywhere in Pakistan.</li>
              {loaderData.returnWindowDays > 0 && (
                <li>{loaderData.returnWindowDays}-day returns and exchanges on unworn items.</li>
              )}
            </ul>
          </div>
        </section>
      </div>

      {loaderData.faq.length > 0 && (
        <section aria-labelledby="faq-title" className="mt-12">
          <h2 id="faq-title" className="text-2xl font-bold text-stone-900">
            Frequently asked questions
          </h2>
          <div className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200">
            {loaderData.faq.map((item) => (
              <details key={item.question} className="group px-4 py-3">
                <summary className="cursor-pointer font-medium text-stone-900">{item.question}</summary>
                {/* The FAQ page's answer (Dashboard -> Storefront -> Pages), rendered and sanitized on the server. */}
                <PageHtml html={item.answerHtml} className="prose-page mt-2 [&_p]:mb-0" />
              </details>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function ContactCard({
  icon,
  title,
  body,
  note,
}: {
  icon: React.ReactNode;
  title: string;
  body: React.ReactNode;
  note: string;
}) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <span className="text-brand-700">{icon}</span>
      <h2 className="mt-2 font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 break-words text-sm text-stone-800">{body}</p>
      <p className="mt-1 text-xs text-stone-600">{note}</p>
    </li>
  );
}
