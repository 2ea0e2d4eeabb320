import { lazy, Suspense } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { InlineStyles } from "~/components/layout/inline-styles";
// The stylesheet's built, hashed file: linked on signed-in pages (InlineStyles).
import stylesheetHref from "./app.css?url";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Toaster } from "~/components/ui/toaster";
import { getUser } from "~/http/auth-guard.server";
import { readShopperBadges } from "~/modules/accounts/shopper-badges.server";
import { sessionCookies } from "~/modules/accounts/session-user.server";
import { takeFlash } from "~/http/flash.server";
import { CLEAR_OVERSIZE_COOKIE, OVERSIZE_MESSAGE, readOversizeNotice } from "~/http/oversize-form";
import { useLiveRefresh } from "~/components/layout/use-live-refresh";
import { useRememberLocation } from "~/components/layout/use-remembered-location";
import { getSettings } from "~/modules/settings/get-settings.server";
import { readStorefrontMenus } from "~/modules/storefront/menus.server";
import { rootBrand, liveAnnouncement } from "~/modules/storefront/storefront-frame";
import { publicOrigin } from "~/lib/public-origin";
import { useRootData, type RootData } from "~/lib/root-data";
import { AnnouncementBar } from "~/components/layout/announcement-bar";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { accentCss } from "~/modules/storefront/brand";
import { readMetaSettings } from "~/modules/marketing/meta-settings.server";
import { useMetaPageViews } from "~/components/layout/use-meta-page-views";

export async function loader({ context, request }: Route.LoaderArgs) {
  const [settings, menus, user, { flash, clear }, meta] = await Promise.all([
    getSettings(context.db),
    readStorefrontMenus(context.db),
    getUser(request, context),
    takeFlash(request),
    readMetaSettings(context.db),
  ]);
  const { cartCount, wishlist } = user
    ? await readShopperBadges(context.db, user.id)
    : { cartCount: 0, wishlist: [] as string[] };
  // A renewed session cookie cache (or a flash message read) goes back with the page.
  const headers = new Headers();
  for (const cookie of [...(await sessionCookies(request)), ...(clear ? [clear] : [])])
    headers.append("Set-Cookie", cookie);
  // A form too large to read, sent back here without JavaScript (server/body-limit.ts): said on any
  // page; a page that knows the field (contact) also says how long it may be.
  const oversize = readOversizeNotice(request) ? { type: "error" as const, message: OVERSIZE_MESSAGE } : null;
  if (oversize) headers.append("Set-Cookie", CLEAR_OVERSIZE_COOKIE);
  return data<RootData>(
    {
      // Canonical links and social previews: the shop's own origin, never the request's Host.
      origin: publicOrigin(context.env),
      shop: {
        brandName: settings.brandName,
        contactEmail: settings.contactEmail,
        phone: settings.phone,
        address: settings.address,
        city: settings.city,
        instagram: settings.instagram,
        shippingFee: settings.shippingFee,
        freeShippingThreshold: settings.freeShippingThreshold,
        happyCustomers: settings.happyCustomers,
        yearsInBusiness: settings.yearsInBusiness,
        productsSold: settings.productsSold,
        averageRating: settings.averageRating,
      },
      menus,
      brand: rootBrand(settings),
      // Decided at each request: the guest page cache is emptied when the bar starts or ends (server/read-cache-listener.ts).
      announcement: liveAnnouncement(settings, new Date()),
      user: user && { id: user.id, name: user.name, email: user.email, role: user.role },
      cartCount,
      wishlist,
      flash: flash ?? oversize,
      // Buyers' pages only: never the dashboard, nor the owner and staff browsing their own shop.
      metaPixelId:
        meta.pixelId && !isDashboardPath(new URL(request.url).pathname) && (!user || user.role === "buyer")
          ? meta.pixelId
          : null,
    },
    { headers },
  );
}

/** The owner's dashboard (/seller-dashboard, /seller/...): no Pixel there. */
function isDashboardPath(pathname: string): boolean {
  return pathname === "/seller-dashboard" || pathname.startsWith("/seller/");
}

// Error screens load only when an error happens: every page's first load stays smaller.
const ErrorScreen = lazy(() => import("~/components/layout/error-screen").then((m) => ({ default: m.ErrorScreen })));
const NotFoundScreen = lazy(() =>
  import("~/components/layout/not-found-screen").then((m) => ({ default: m.NotFoundScreen })),
);

export function Layout({ children }: { children: React.ReactNode }) {
  const brand = useRootData()?.brand;
  const accent = brand?.accentColor ?? null;
  const favicon = brand?.favicon ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={accent ?? "#24493f"} />
        {favicon ? (
          <link rel="icon" href={mediaUrl(pickSource(favicon.sources, 64).key)} type="image/webp" />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <InlineStyles href={stylesheetHref} />
        {/* The brand's accent in place of the built-in green: custom properties the stylesheet's brand colours read (CSP allows inline styles). */}
        {accent && <style id="brand-accent" dangerouslySetInnerHTML={{ __html: accentCss(accent) }} />}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useLiveRefresh(Boolean(loaderData.user));
  useRememberLocation();
  useMetaPageViews(loaderData.metaPixelId);
  return (
    <>
      <Toaster flash={loaderData.flash} />
      {loaderData.announcement && <AnnouncementBar announcement={loaderData.announcement} />}
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const databaseDown = isRouteErrorResponse(error) && error.status === 503;
  if (!notFound && !databaseDown && typeof console !== "undefined" && import.meta.env.DEV) console.error(error);
  return (
    <>
      <title>{notFound ? "Page Not Found" : "Something went wrong"}</title>
      <meta
        name="description"
        content={
          notFound ? "This page does not exist." : "Something went wrong while loading this page. Please try again."
        }
      />
      <meta property="og:title" content={notFound ? "Page Not Found" : "Something went wrong"} />
      <meta name="robots" content="noindex" />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<div className="min-h-[50vh]" />}>
          {notFound ? <NotFoundScreen /> : <ErrorScreen connectionTrouble={databaseDown} />}
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
