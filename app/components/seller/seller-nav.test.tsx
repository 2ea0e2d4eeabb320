import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SellerNav, type SellerNavCounts } from "./seller-nav";

function render(counts: SellerNavCounts, path = "/seller-dashboard"): string {
  const Stub = createRoutesStub([{ path, Component: () => <SellerNav counts={counts} /> }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

describe("the dashboard tabs", () => {
  it("describe Email Logs with the failed e-mails that wait for the owner, and say nothing when there are none", () => {
    const html = render({ pendingOrders: 0, newReturns: 0, unreadMessages: 0, failedEmails: 3 });
    // The count is the link's description (an id with no space: aria-describedby is a list of ids).
    expect(html).toMatch(
      /<a [^>]*aria-describedby="seller-tab-count-email-logs"[^>]*href="\/seller\/email-logs"|<a [^>]*href="\/seller\/email-logs"[^>]*aria-describedby="seller-tab-count-email-logs"/,
    );
    expect(html).toMatch(/id="seller-tab-count-email-logs"[^>]*>3 failed e-mails</);
    expect(render({ pendingOrders: 0, newReturns: 0, unreadMessages: 0, failedEmails: 1 })).toContain(
      ">1 failed e-mail<",
    );
    expect(render({ pendingOrders: 2, newReturns: 0, unreadMessages: 0, failedEmails: 0 })).not.toContain("failed");
  });

  it("describe Returns with the new requests, and keep it lit on a request's page", () => {
    const html = render({ pendingOrders: 0, newReturns: 2, unreadMessages: 0, failedEmails: 0 }, "/seller/returns/abc");
    expect(html).toMatch(/id="seller-tab-count-returns"[^>]*>2 new requests</);
    expect(html).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/seller\/returns"|<a [^>]*href="\/seller\/returns"[^>]*aria-current="page"/,
    );
    expect(render({ pendingOrders: 0, newReturns: 1, unreadMessages: 0, failedEmails: 0 })).toContain(
      ">1 new request<",
    );
  });

  it("keep Settings lit on its Couriers page, and only Settings", () => {
    const html = render(
      { pendingOrders: 0, newReturns: 0, unreadMessages: 0, failedEmails: 0 },
      "/seller/settings/couriers",
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/seller\/settings"|<a [^>]*href="\/seller\/settings"[^>]*aria-current="page"/,
    );
  });
});
