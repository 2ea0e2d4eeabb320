import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { InstagramIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { telHref, instagramUrl } from "~/lib/contact-links";

export function SiteFooter() {
  const root = useRootData();
  const shop = root?.shop;
  const columns = root?.menus.footer ?? [];
  const social = root?.brand.socialLinks ?? [];
  // Brand and contact, then one column per footer menu heading: four columns on a laptop for the usual two headings.
  const wide = columns.length > 2 ? "lg:grid-cols-5" : "lg:grid-cols-4";
  return (
    <footer className="mt-16 print:hidden border-t border-stone-200 bg-stone-50 text-sm text-stone-700">
      <div className={`container-page grid gap-8 py-10 sm:grid-cols-2 ${wide}`}>
        <div>
          <p className="text-lg font-extrabold text-brand-800">{shop?.brandName ?? "Kapra"}</p>
          <p className="mt-2 max-w-xs">
            {root?.brand.footerText ??
              "Everyday clothing made for Pakistan. Cash on delivery nationwide, 7-day returns."}
          </p>
          {social.length > 0 && (
            <ul aria-label="Follow us" className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
              {social.map((link) => (
                <li key={link.network}>
                  <a
                    className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline"
                    href={link.url}
                    rel="noopener"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {shop && (
          <div>
            <h2 className="mb-3 font-semibold text-stone-900">Contact</h2>
            <ul className="space-y-2">
              <li className="flex gap-2">
                <MailIcon className="h-5 w-5 shrink-0" />
                <a className="hover:underline" href={`mailto:${shop.contactEmail}`}>
                  {shop.contactEmail}
                </a>
              </li>
              <li className="flex gap-2">
                <PhoneIcon className="h-5 w-5 shrink-0" />
                <a className="hover:underline" href={telHref(shop.phone)}>
                  {shop.phone}
                </a>
              </li>
              <li className="flex gap-2">
                <PinIcon className="h-5 w-5 shrink-0" />
                <span>
                  {shop.address}, {shop.city}
                </span>
              </li>
              <li className="flex gap-2">
                <InstagramIcon className="h-5 w-5 shrink-0" />
                <a className="hover:underline" href={instagramUrl(shop.instagram)} rel="noopener">
                  {shop.instagram}
                </a>
              </li>
            </ul>
          </div>
        )}
        {columns.map((column) => (
          <div key={column.id}>
            <h2 className="mb-3 font-semibold text-stone-900">
              {column.href === null ? (
                column.label
              ) : (
                <Link className="hover:underline" to={column.href}>
                  {column.label}
                </Link>
              )}
            </h2>
            <ul className="space-y-2">
              {column.children.map((link) => (
                <li key={link.id}>
                  {link.href === null ? (
                    link.label
                  ) : (
                    <Link className="hover:underline" to={link.href}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-stone-200 py-4 text-center text-xs text-stone-600">
        © {new Date().getFullYear()} {shop?.brandName ?? "Kapra"}. Prices in PKR. Cash on delivery across Pakistan.
      </div>
    </footer>
  );
}
