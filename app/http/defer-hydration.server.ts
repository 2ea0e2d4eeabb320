import { Transform } from "node:stream";

/**
 * React Router's `<Scripts />` hoists a `<link rel="modulepreload">` for every module of the page
 * (about 120 KB gzipped) and ends the body with an inline module script that imports them and
 * hydrates. On a phone's slow link those downloads compete with the photo that is the page's
 * largest paint, and React Router has no option to hold them back. This rewrite of the server
 * HTML keeps the page the same and only changes when the JavaScript loads:
 * - the module preloads are dropped;
 * - the module script is left inert (`type="text/x-deferred-module"`, its text unchanged) and a
 *   small classic script after it runs that text as a module once the first paint is done: after
 *   every high-priority image (`fetchpriority="high"`, the largest paint's photo) has loaded or
 *   failed, on the next frame, or at the window's `load` at the latest.
 * Until then links and forms work as plain HTML, as they do without JavaScript.
 * Under the Content-Security-Policy (server/security-headers.ts) both scripts carry the page's
 * nonce, and the module script the loader makes gets it too (`m.nonce = s.nonce`: browsers hide the
 * attribute from the page but keep the property).
 */
const MODULE_SCRIPT_OPEN = /<script(?: nonce="([^"]*)")? type="module" async="">/g;
/** Longer than any opening MODULE_SCRIPT_OPEN matches, so a tag split across two chunks is still found. */
const LONGEST_OPEN = 200;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

const nonceAttribute = (nonce: string | undefined) => (nonce ? ` nonce="${nonce}"` : "");
const inertScriptOpen = (nonce: string | undefined) =>
  `<script${nonceAttribute(nonce)} type="text/x-deferred-module" async="">`;

// ES5 on purpose: it runs on whatever browser opens the page, before any bundle.
const loader = (nonce: string | undefined) =>
  `<script${nonceAttribute(nonce)}>(function(s){var started=false;function start(){if(started)return;started=true;var m=document.createElement("script");m.type="module";if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;document.head.appendChild(m)}function afterPaint(){if(document.hidden)start();else requestAnimationFrame(function(){setTimeout(start,0)})}var waiting=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete});var left=waiting.length;if(!left)afterPaint();waiting.forEach(function(i){function done(){if(--left===0)afterPaint()}i.addEventListener("load",done);i.addEventListener("error",done)});addEventListener("load",afterPaint)})(document.currentScript.previousElementSibling)</script>`;

/** The document up to the end of the hydration script opened at `open`, rewritten; null while that end is not in `html` yet. */
function rewriteShell(html: string, open: RegExpExecArray): { shell: string; rest: string } | null {
  const close = html.indexOf("</script>", open.index + open[0].length);
  if (close < 0) return null;
  const end = close + "</script>".length;
  const nonce = open[1];
  const before = html.slice(0, open.index).replace(MODULE_PRELOAD, "");
  const script = inertScriptOpen(nonce) + html.slice(open.index + open[0].length, end);
  return { shell: before + script + loader(nonce), rest: html.slice(end) };
}

/**
 * A stream between React's HTML and the response: it holds the document back only until the
 * hydration script has gone by (it is part of the shell, which React writes in one go), rewrites
 * that part and then passes everything else straight through (streamed Suspense content).
 */
export function deferHydration(): Transform {
  // Latin-1 maps every byte to one character and back, so UTF-8 text split across chunks passes
  // through untouched; what we look for and insert is ASCII.
  let pending: string | null = "";
  // Where the script's opening tag can start: what came before has been searched (each chunk is
  // searched once, not the whole document again with every chunk).
  let from = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pending === null) return callback(null, chunk);
      pending += chunk.toString("latin1");
      MODULE_SCRIPT_OPEN.lastIndex = from;
      const open = MODULE_SCRIPT_OPEN.exec(pending);
      const rewritten = open && rewriteShell(pending, open);
      if (!rewritten) {
        // Found with its script not closed yet: look from the tag again. Not found: a tag may
        // have been cut at the chunk's end, so the next search starts a tag's length back.
        from = open ? open.index : Math.max(0, pending.length - LONGEST_OPEN);
        return callback();
      }
      pending = null;
      callback(null, Buffer.from(rewritten.shell + rewritten.rest, "latin1"));
    },
    flush(callback) {
      // A document without React Router's scripts goes out as it came.
      if (pending) this.push(Buffer.from(pending, "latin1"));
      callback();
    },
  });
}
