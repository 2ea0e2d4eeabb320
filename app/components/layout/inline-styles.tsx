/** The id app/entry.server.tsx looks for to write the stylesheet into the page. */
export const STYLE_ID = "app-css";

let cssFromPage: string | undefined;

/**
 * The shop's whole stylesheet (about 9 KB gzipped), written into the page instead of being linked:
 * a linked stylesheet blocks the first paint for one more round trip, which on a phone's slow link
 * costs more than sending these bytes with every page. Client navigations fetch only data, so the
 * styles travel once per full page load.
 *
 * On the server this renders the element empty and app/entry.server.tsx splices the CSS into the
 * finished page. The browser bundle does not carry the CSS either: when hydrating, it renders the
 * text the server wrote into the page, so the styles stay when React re-renders the document.
 */
export function InlineStyles() {
  const css = typeof document === "undefined" ? "" : (cssFromPage ??= document.getElementById(STYLE_ID)?.textContent ?? "");
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
