import MarkdownIt from "markdown-it";
import { fillMarkdownPlaceholders, type PlaceholderValues } from "./page-placeholders";

/**
 * The owner's Markdown made into HTML for the storefront, on the server only (markdown-it never
 * reaches the browser bundle). What the owner writes is shown as text, never as markup:
 *
 * - raw HTML is off: `<script>`, `<img onerror>`, `<iframe>` and any other tag typed in the text
 *   come out as the characters typed (escaped), never as elements;
 * - then every token is checked against an allow-list (headings, paragraphs, lists, links, bold,
 *   italic, strikethrough, tables, blockquotes, code, rules, line breaks, same-site images), and
 *   every attribute is dropped but the few each allowed element needs;
 * - a link goes only to a path on the shop, a fragment, http(s), mailto: or tel: (so no
 *   `javascript:`, `vbscript:` or `data:`, however cased, spaced or entity-encoded); a link
 *   elsewhere is kept as its text. A link to another site gets rel="noopener noreferrer";
 * - an image shows only from the shop itself (its own media paths: the CSP allows no other site
 *   and a data: URL is refused); any other image is shown as its alt text;
 * - a last check reads the finished HTML and refuses (escapes everything) should any tag or
 *   attribute outside the allow-list ever appear.
 */

type Token = ReturnType<InstanceType<typeof MarkdownIt>["parse"]>[number];
type TokenClass = new (type: string, tag: string, nesting: number) => Token;

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
// A link or image destination markdown-it would accept: the same rule as the sanitizer below (its
// own rule lets data:image through).
md.validateLink = (url: string) => safeUrl(url, "link") !== null;
md.enable(["table", "strikethrough"]);

const SHOP_ORIGIN = "https://shop.invalid";
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** The URL as it will stand in the page, or null when it must not be a link (or an image) at all. */
export function safeUrl(raw: string, kind: "link" | "image"): string | null {
  // Browsers drop these characters from URLs before reading the scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, `${SHOP_ORIGIN}/pages/`);
  } catch {
    return null;
  }
  if (kind === "image") {
    // Only the shop's own pictures: a path on the shop, never another site or a data: URL.
    if (parsed.origin !== SHOP_ORIGIN || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\"))
      return null;
    return url;
  }
  if (!LINK_SCHEMES.has(parsed.protocol)) return null;
  return url;
}

function isExternal(href: string): boolean {
  try {
    const parsed = new URL(href, `${SHOP_ORIGIN}/pages/`);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin !== SHOP_ORIGIN;
  } catch {
    return true;
  }
}

const BLOCK_TOKENS = new Set([
  "paragraph_open",
  "paragraph_close",
  "heading_open",
  "heading_close",
  "bullet_list_open",
  "bullet_list_close",
  "ordered_list_open",
  "ordered_list_close",
  "list_item_open",
  "list_item_close",
  "blockquote_open",
  "blockquote_close",
  "code_block",
  "fence",
  "hr",
  "inline",
  "table_open",
  "table_close",
  "thead_open",
  "thead_close",
  "tbody_open",
  "tbody_close",
  "tr_open",
  "tr_close",
  "th_open",
  "th_close",
  "td_open",
  "td_close",
]);
const INLINE_TOKENS = new Set([
  "text",
  "text_special",
  "softbreak",
  "hardbreak",
  "code_inline",
  "strong_open",
  "strong_close",
  "em_open",
  "em_close",
  "s_open",
  "s_close",
  "link_open",
  "link_close",
  "image",
]);
const ALIGN_CLASS: Record<string, string> = {
  "text-align:left": "text-left",
  "text-align:center": "text-center",
  "text-align:right": "text-right",
};

/** A token turned into plain text (what an image or a refused token shows instead). */
function textToken(state: Token, content: string): Token {
  const t = new (state.constructor as TokenClass)("text", "", 0);
  t.content = content;
  return t;
}

function sanitizeInline(children: Token[]): Token[] {
  const out: Token[] = [];
  // Links whose destination was refused: their open and close tokens are dropped, the text stays.
  const dropped: boolean[] = [];
  for (const token of children) {
    if (!INLINE_TOKENS.has(token.type)) {
      // Raw HTML is off, so html_inline never comes; anything unexpected is shown as typed.
      out.push(textToken(token, token.content));
      continue;
    }
    if (token.type === "link_open") {
      const href = safeUrl(String(token.attrGet("href") ?? ""), "link");
      dropped.push(href === null);
      if (href === null) continue;
      const title = token.attrGet("title");
      token.attrs = [["href", href]];
      if (title) token.attrs.push(["title", String(title)]);
      if (isExternal(href)) token.attrs.push(["rel", "noopener noreferrer"]);
    } else if (token.type === "link_close") {
      if (dropped.pop()) continue;
    } else if (token.type === "image") {
      const src = safeUrl(String(token.attrGet("src") ?? ""), "image");
      const alt = (token.children ?? []).map((c) => c.content).join("");
      if (src === null) {
        out.push(textToken(token, alt));
        continue;
      }
      token.attrs = [
        ["src", src],
        ["alt", ""],
      ];
      token.attrs.push(["loading", "lazy"]);
    } else {
      token.attrs = null;
    }
    out.push(token);
  }
  return out;
}

function sanitize(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (!BLOCK_TOKENS.has(token.type)) {
      // html_block never comes with raw HTML off; anything unexpected becomes a paragraph of its text.
      const Make = token.constructor as TokenClass;
      const inline = new Make("inline", "", 0);
      inline.children = [textToken(token, token.content)];
      out.push(new Make("paragraph_open", "p", 1), inline, new Make("paragraph_close", "p", -1));
      continue;
    }
    if (token.type === "heading_open" || token.type === "heading_close") {
      // The page's own title is its one h1: a "# heading" in the text is a section (h2).
      if (token.tag === "h1") token.tag = "h2";
      token.attrs = null;
    } else if (token.type === "th_open" || token.type === "td_open") {
      const align = ALIGN_CLASS[token.attrGet("style") ?? ""];
      token.attrs = align ? [["class", align]] : null;
      if (token.type === "th_open") token.attrs = [...(token.attrs ?? []), ["scope", "col"]];
    } else if (token.type === "ordered_list_open") {
      const start = Number(token.attrGet("start"));
      token.attrs = Number.isSafeInteger(start) && start > 1 ? [["start", String(start)]] : null;
    } else if (token.type === "fence") {
      token.info = "";
      token.attrs = null;
    } else {
      token.attrs = null;
    }
    if (token.type === "inline") token.children = sanitizeInline(token.children ?? []);
    out.push(token);
  }
  return out;
}

const ALLOWED_TAGS: Record<string, Set<string>> = {
  p: new Set(),
  h2: new Set(),
  h3: new Set(),
  h4: new Set(),
  h5: new Set(),
  h6: new Set(),
  ul: new Set(),
  ol: new Set(["start"]),
  li: new Set(),
  blockquote: new Set(),
  pre: new Set(),
  code: new Set(),
  hr: new Set(),
  br: new Set(),
  strong: new Set(),
  em: new Set(),
  s: new Set(),
  a: new Set(["href", "title", "rel"]),
  img: new Set(["src", "alt", "loading"]),
  table: new Set(),
  thead: new Set(),
  tbody: new Set(),
  tr: new Set(),
  th: new Set(["class", "scope"]),
  td: new Set(["class"]),
};

/** The finished HTML's tags and attributes, all on the allow-list (the renderer's output, read back as a last check). */
export function onlyAllowedMarkup(html: string): boolean {
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const allowed = ALLOWED_TAGS[name];
    if (!allowed) return false;
    const rest = attrs
      .replace(/\s*\/$/, "")
      .replace(/\s+([a-z]+)="[^"<>]*"/g, (whole, attr: string) => (allowed.has(attr) ? "" : "!"));
    if (rest.trim() !== "") return false;
  }
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function renderTokens(tokens: Token[]): string {
  const html = md.renderer.render(tokens, md.options, {});
  // Never expected: the allow-list above makes only allowed markup. Should it not, show text only.
  return onlyAllowedMarkup(html) ? html : `<p>${escapeHtml(tokens.map((t) => t.content).join(" "))}</p>\n`;
}

function parse(markdown: string): Token[] {
  return sanitize(md.parse(markdown, {}));
}

/** Markdown as safe HTML. */
export function renderMarkdown(markdown: string): string {
  return renderTokens(parse(markdown));
}

/** A page's Markdown with its placeholders filled in (values escaped), as safe HTML. */
export function renderPageMarkdown(markdown: string, values: PlaceholderValues): string {
  return renderMarkdown(fillMarkdownPlaceholders(markdown, values));
}

function inlineText(token: Token | undefined): string {
  return (token?.children ?? [])
    .map((c) => (c.type === "softbreak" || c.type === "hardbreak" ? " " : c.content))
    .join("");
}

/**
 * A page cut at its "## " headings: each heading's text and the HTML under it (what the contact
 * page shows as its questions and answers). What comes before the first heading is left out.
 */
export function renderPageSections(markdown: string, values: PlaceholderValues): { heading: string; html: string }[] {
  const tokens = parse(fillMarkdownPlaceholders(markdown, values));
  const sections: { heading: string; tokens: Token[] }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === "heading_open" && token.tag === "h2") {
      sections.push({ heading: inlineText(tokens[i + 1]), tokens: [] });
      i += 2;
      continue;
    }
    sections.at(-1)?.tokens.push(token);
  }
  return sections.map((s) => ({ heading: s.heading, html: renderTokens(s.tokens) }));
}

/** The page's first paragraph as plain text, at most `max` characters (a meta description for a page the owner wrote). */
export function pageSummary(markdown: string, values: PlaceholderValues, max = 160): string {
  const tokens = parse(fillMarkdownPlaceholders(markdown, values));
  const at = tokens.findIndex((t) => t.type === "paragraph_open");
  const text =
    at === -1
      ? ""
      : inlineText(tokens[at + 1])
          .replace(/\s+/g, " ")
          .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
