import {
  data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ErrorScreen } from "~/components/layout/error-screen";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { isDatabaseUnavailable } from "~/lib/errors";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { getSettings } from "~/modules/settings/get-settings.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  try {
    const [settings, categories] = await Promise.all([getSettings(context.db), listCategories(context.db)]);
    const url = new URL(request.url);
    return {
      origin: context.env.PUBLIC_URL?.replace(/\/$/, "") ?? url.origin,
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
      categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
      cartCount: 0,
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data({ reason: "database-unavailable" }, { status: 503 });
    throw error;
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#24493f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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

export default function App() {
  return (
    <>
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
      <meta name="description" content={notFound ? "This page does not exist." : "Something went wrong while loading this page. Please try again."} />
      <meta property="og:title" content={notFound ? "Page Not Found" : "Something went wrong"} />
      <meta name="robots" content="noindex" />
      <SiteHeader />
      <main id="main" className="flex-1">
        {notFound ? <NotFoundScreen /> : <ErrorScreen connectionTrouble={databaseDown} />}
      </main>
      <SiteFooter />
    </>
  );
}
