/** The id app/entry.server.tsx looks for to write the stylesheet into the page. */
export const STYLE_ID = "app-css";

let fromPage: { linked: boolean; css: string } | undefined;

/**
 * The shop's whole stylesheet (about 9 KB gzipped). A first visit gets it written into the page: a
 * linked stylesheet blocks the first paint for one more round trip, which on a phone's slow link
 * costs more than these bytes. A signed-in shopper has been here before (the sign-in page prefetches
 * the file), so their pages link the cached, immutable file instead of carrying 47 KB more each time.
 * Client navigations fetch only data, so either way the styles travel once per full page load.
 *
 * On the server this renders the element empty and app/entry.server.tsx puts in the CSS or swaps
 * the element for the link. The browser bundle carries neither: when hydrating it renders what the
 * server wrote into the page, so the styles stay when React re-renders the document.
 */
export function InlineStyles({ href }: { href: string }) {
  if (typeof document !== "undefined") {
    fromPage ??= readPage();
    if (fromPage.linked) return <link id={STYLE_ID} rel="stylesheet" href={href} />;
  }
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: fromPage?.css ?? "" }} />;
}

function readPage(): { linked: boolean; css: string } {
  const element = document.getElementById(STYLE_ID);
  return { linked: element?.tagName === "LINK", css: element?.tagName === "STYLE" ? (element.textContent ?? "") : "" };
}
