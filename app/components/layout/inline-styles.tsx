import { createContext, useContext } from "react";

const STYLE_ID = "app-css";

/**
 * The shop's whole stylesheet (about 9 KB gzipped), set by the server render
 * (app/entry.server.tsx) so that it is written into the page instead of being linked: a linked
 * stylesheet blocks the first paint for one more round trip, which on a phone's slow link costs
 * more than sending these bytes with every page. Client navigations fetch only data, so the
 * styles travel once per full page load.
 */
export const InlineCssContext = createContext<string | null>(null);

let cssFromPage: string | undefined;

/**
 * The `<style>` element. The browser bundle does not carry the CSS: when hydrating, it renders
 * the text the server wrote into the page, so server and client agree and the styles stay when
 * React re-renders the document.
 */
export function InlineStyles() {
  const fromServer = useContext(InlineCssContext);
  const css = fromServer ?? (cssFromPage ??= typeof document === "undefined" ? "" : document.getElementById(STYLE_ID)?.textContent ?? "");
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
