import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SellerNav } from "./seller-nav";
import { CATALOGUE_TABS, SectionTabs, STOREFRONT_TABS } from "./section-tabs";

function render(path: string, tabs = CATALOGUE_TABS): string {
  const Stub = createRoutesStub([{ path, Component: () => <SectionTabs label="Section" tabs={tabs} /> }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

/** The hrefs of the links marked as the current page. */
function current(html: string): string[] {
  return [...html.matchAll(/<a [^>]*>/g)]
    .map((m) => m[0])
    .filter((a) => a.includes('aria-current="page"'))
    .map((a) => a.match(/href="([^"]+)"/)![1]);
}

describe("a dashboard section's tabs", () => {
  it("light Categories on the list and on a category's own pages, and nothing else", () => {
    expect(current(render("/seller/catalogue"))).toEqual(["/seller/catalogue"]);
    expect(current(render("/seller/catalogue/categories/lawn"))).toEqual(["/seller/catalogue"]);
    expect(current(render("/seller/catalogue/colours"))).toEqual(["/seller/catalogue/colours"]);
  });

  it("light Collections and Pages on their edit pages, and Home page only on itself", () => {
    expect(current(render("/seller/storefront/collections/7", STOREFRONT_TABS))).toEqual([
      "/seller/storefront/collections",
    ]);
    expect(current(render("/seller/storefront/pages/new", STOREFRONT_TABS))).toEqual(["/seller/storefront/pages"]);
    expect(current(render("/seller/storefront", STOREFRONT_TABS))).toEqual(["/seller/storefront"]);
  });

  it("keep the dashboard's Catalogue and Storefront tabs lit inside their sections", () => {
    const Stub = (path: string) =>
      createRoutesStub([
        {
          path,
          Component: () => (
            <SellerNav counts={{ pendingOrders: 0, newReturns: 0, unreadMessages: 0, failedEmails: 0 }} />
          ),
        },
      ]);
    const nav = (path: string) => {
      const S = Stub(path);
      return renderToString(<S initialEntries={[path]} />);
    };
    expect(current(nav("/seller/catalogue/sizes"))).toEqual(["/seller/catalogue"]);
    expect(current(nav("/seller/storefront/menus"))).toEqual(["/seller/storefront"]);
  });
});
