/**
 * The announcement bar, once dismissed, stays closed for the rest of the visit (the browser session).
 * The page is the same for every guest (the guest page cache), so the choice lives in the browser:
 * the button stores the bar's key in sessionStorage, and this script, in the page's head, hides a
 * bar with that key before the first paint (a `<style>` rule, so React's markup is left untouched).
 * app/entry.server.tsx writes it into the head of a page that shows a bar, with the page's nonce
 * (a cached guest page names its hash instead, like every inline script: server/page-cache.ts).
 */
export const ANNOUNCEMENT_STORAGE_KEY = "announcement-dismissed";

export const ANNOUNCEMENT_DISMISS_SCRIPT = `try{var k=sessionStorage.getItem("${ANNOUNCEMENT_STORAGE_KEY}");if(k&&/^[a-z0-9]+$/.test(k)){var s=document.createElement("style");s.textContent='[data-announcement="'+k+'"]{display:none}';document.head.appendChild(s)}}catch(e){}`;
