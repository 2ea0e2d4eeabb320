import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { InstagramIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";
import { telHref, instagramUrl } from "~/lib/contact-links";

export function SiteFooter() {
  const root = useRootData();
  const shop = root?.shop;
  return (
    <footer className="mt-16 print:hidden border-t border-stone-200 bg-stone-50 text-sm text-stone-700">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-800">{shop?.brandName ?? "Kapra"}</p>
          <p className="mt-2 max-w-xs">Everyday clothing made for Pakistan. Cash on delivery nationwide, 7-day returns.</p>
        </div>
        {shop && (
          <div>
            <h2 className="mb-3 font-semibold text-stone-900">Contact</h2>
            <ul className="space-y-2">
              <li className="flex gap-2"><MailIcon className="h-5 w-5 shrink-0" /><a className="hover:underline" href={`mailto:${shop.contactEmail}`}>{shop.contactEmail}</a></li>
              <li className="flex gap-2"><PhoneIcon className="h-5 w-5 shrink-0" /><a className="hover:underline" href={telHref(shop.phone)}>{shop.phone}</a></li>
              <li className="flex gap-2"><PinIcon className="h-5 w-5 shrink-0" /><span>{shop.address}, {shop.city}</span></li>
              <li className="flex gap-2"><InstagramIcon className="h-5 w-5 shrink-0" /><a className="hover:underline" href={instagramUrl(shop.instagram)} rel="noopener">{shop.instagram}</a></li>
            </ul>
          </div>
        )}
        <div>
          <h2 className="mb-3 font-semibold text-stone-900">Shop</h2>
          <ul className="space-y-2">
            <li><Link className="hover:underline" to="/products">All products</Link></li>
            {root?.categories.map((c) => (
              <li key={c.slug}><Link className="hover:underline" to={`/category/${c.slug}`}>{c.name}</Link></li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-stone-900">Help</h2>
          <ul className="space-y-2">
            <li><Link className="hover:underline" to="/contact">Contact us</Link></li>
            <li><Link className="hover:underline" to="/about">About us</Link></li>
            <li><Link className="hover:underline" to="/privacy">Privacy Policy</Link></li>
            <li><Link className="hover:underline" to="/terms">Terms of Service</Link></li>
            <li><Link className="hover:underline" to="/returns">Returns &amp; Exchanges</Link></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-200 py-4 text-center text-xs text-stone-600">
        © {new Date().getFullYear()} {shop?.brandName ?? "Kapra"}. Prices in PKR. Cash on delivery across Pakistan.
      </div>
    </footer>
  );
}
