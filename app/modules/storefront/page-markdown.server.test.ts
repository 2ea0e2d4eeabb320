import { describe, expect, it } from "vitest";
import { DEFAULT_PAGES } from "./default-pages";
import {
  onlyAllowedMarkup,
  pageSummary,
  renderMarkdown,
  renderPageMarkdown,
  renderPageSections,
  safeUrl,
} from "./page-markdown.server";
import { placeholderValues } from "./page-placeholders";

const SETTINGS = {
  brandName: "Kapra",
  contactEmail: "hello@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 12, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  shippingFee: 200,
  freeShippingThreshold: null,
  returnWindowDays: 7,
  localDeliveryMinDays: 3,
  localDeliveryMaxDays: 5,
  nationalDeliveryMinDays: 5,
  nationalDeliveryMaxDays: 7,
};
const values = placeholderValues(SETTINGS);

/** No element or attribute that could run script, load another site's frame, or style the page. */
function expectInert(html: string) {
  // Typed markup comes out escaped (&lt;), so every "<" left starts a real element.
  const tags = [...html.matchAll(/<[^>]*>/g)].map((m) => m[0]).join(" ");
  expect(tags).not.toMatch(/<\/?(script|iframe|frame|object|embed|form|input|svg|style|math|link|meta|base)\b/i);
  expect(tags).not.toMatch(/\son[a-z]+\s*=/i);
  expect(tags).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
  expect(tags).not.toMatch(/\sstyle\s*=/i);
  expect(onlyAllowedMarkup(html)).toBe(true);
}

describe("the page sanitizer", () => {
  const hostile: [string, string][] = [
    ["a script tag", "<script>alert(1)</script>"],
    ["an image with onerror", "<img src=x onerror=alert(1)>"],
    ["a javascript: link in HTML", '<a href="javascript:alert(1)">x</a>'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an object and an embed", '<object data="x.swf"></object><embed src="x.swf">'],
    ["a form", '<form action="https://evil.example"><input name="p"></form>'],
    ["a style attribute", '<p style="position:fixed;inset:0">cover</p>'],
    ["an SVG with onload", "<svg onload=alert(1)></svg>"],
    ["a Markdown javascript: link", "[x](javascript:alert(1))"],
    ["a mixed-case scheme", "[x](JaVaScRiPt:alert(1))"],
    ["an entity-encoded scheme", "[x](&#106;avascript:alert(1))"],
    ["a hex-entity scheme", "[x](&#x6A;avascript&#58;alert(1))"],
    ["a scheme split by a tab entity", "[x](java&#9;script:alert(1))"],
    ["a vbscript: link", "[x](vbscript:msgbox(1))"],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["a data: URL image", "![x](data:image/png;base64,iVBORw0KGgo=)"],
    ["an image from another site", "![x](https://evil.example/pixel.gif)"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a reference-style javascript: link", "[x][1]\n\n[1]: javascript:alert(1)"],
    ["nested markup", "<<script>script>alert(1)<</script>/script>"],
    ["an event attribute in an image title", '![x](/media/a.webp "x onerror=alert(1)")'],
  ];
  it.each(hostile)("keeps %s inert", (_name, markdown) => {
    expectInert(renderMarkdown(markdown));
  });

  it("shows typed markup as the characters typed", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
    expect(renderMarkdown("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>\n");
  });

  it("keeps headings, lists, links, bold and italic, tables, blockquotes and code", () => {
    const html = renderMarkdown(
      "# Top\n\n## Sizes\n\n### Kurta\n\n- **bold** and *italic* and ~~old~~\n1. one\n\n> quoted\n\n`code` and\n\n```\nx < y\n```\n\n| Size | Chest |\n|:--|--:|\n| M | 40 |\n\n[Shop](/products) [Mail](mailto:hello@kapra.pk) [Call](tel:+923001234567)",
    );
    expect(html).toContain("<h2>Top</h2>");
    expect(html).toContain("<h3>Kurta</h3>");
    expect(html).toContain("<strong>bold</strong> and <em>italic</em> and <s>old</s>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<pre><code>x &lt; y\n</code></pre>");
    expect(html).toContain('<th class="text-left" scope="col">Size</th>');
    expect(html).toContain('<td class="text-right">40</td>');
    expect(html).toContain('<a href="/products">Shop</a>');
    expect(html).toContain('<a href="mailto:hello@kapra.pk">Mail</a>');
    expect(html).toContain('<a href="tel:+923001234567">Call</a>');
    expectInert(html);
  });

  it("gives links to other sites rel=noopener noreferrer, and shows the shop's own images", () => {
    expect(renderMarkdown("[Insta](https://instagram.com/kapra.pk) <https://example.com>")).toBe(
      '<p><a href="https://instagram.com/kapra.pk" rel="noopener noreferrer">Insta</a> <a href="https://example.com" rel="noopener noreferrer">https://example.com</a></p>\n',
    );
    expect(renderMarkdown("[x](//evil.example/a)")).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown("![Size chart](/media/abc.webp)")).toBe(
      '<p><img src="/media/abc.webp" alt="Size chart" loading="lazy"></p>\n',
    );
    expect(renderMarkdown("![Pixel](https://evil.example/p.gif)")).toBe("<p>Pixel</p>\n");
  });

  it("reads URLs as a browser would before judging them", () => {
    expect(safeUrl("java\tscript:alert(1)", "link")).toBeNull();
    expect(safeUrl(" JAVASCRIPT:alert(1)", "link")).toBeNull();
    expect(safeUrl("/track", "link")).toBe("/track");
    expect(safeUrl("#faq", "link")).toBe("#faq");
    expect(safeUrl("//evil.example/x.png", "image")).toBeNull();
    expect(safeUrl("/\\evil.example/x.png", "image")).toBeNull();
  });

  it("fills placeholders before rendering, with their values escaped", () => {
    const hostileBrand = placeholderValues({
      ...SETTINGS,
      brandName: "<img src=x onerror=alert(1)> **Kapra**",
      returnWindowDays: 14,
    });
    const html = renderPageMarkdown(
      "## {return_window_days}-day returns\n\nWelcome to {brand_name}. {typo_here}\n\n[Write to us](mailto:{contact_email})",
      hostileBrand,
    );
    expect(html).toContain("<h2>14-day returns</h2>");
    expect(html).toContain("Welcome to &lt;img src=x onerror=alert(1)&gt; **Kapra**. {typo_here}");
    expect(html).toContain('<a href="mailto:hello@kapra.pk">Write to us</a>');
    expectInert(html);
    const asLink = placeholderValues({ ...SETTINGS, brandName: "javascript:alert(1)" });
    expectInert(renderPageMarkdown("[x]({brand_name})", asLink));
  });

  it("reads the default Returns page with the shop's own figures and contacts", () => {
    const html = renderPageMarkdown(DEFAULT_PAGES.returns.body, values);
    expect(html).toContain("<h2>7-day returns and exchanges</h2>");
    expect(html).toContain(
      "<li>Ordered without an account? Write to hello@kapra.pk or call +92 321 2345678 with your order number.</li>",
    );
    expect(html).toContain("choose <strong>Return or exchange</strong>");
    expect(html).toContain(
      "<p>Orders reach Karachi in 3-5 working days and the rest of Pakistan in 5-7 working days.</p>",
    );
    expect(html).toContain(
      "<p>Shipping is a flat Rs 200 per order, anywhere in Pakistan. Shipping is not charged again for an exchange of a faulty or wrong item.</p>",
    );
    for (const page of Object.values(DEFAULT_PAGES)) {
      const rendered = renderPageMarkdown(page.body, values);
      expect(rendered).not.toMatch(/\{[a-z_]+\}/);
      expectInert(rendered);
    }
  });

  it("cuts a page at its headings (the FAQ's questions) and sums a page up for its meta description", () => {
    const faq = renderPageSections(DEFAULT_PAGES.faq.body, values);
    expect(faq.map((s) => s.heading)).toEqual([
      "How long does delivery take?",
      "How much is shipping?",
      "How do I pay?",
      "Can I return or exchange an item?",
      "How do I find my size?",
      "Can I track my order?",
    ]);
    expect(faq[0].html).toBe(
      "<p>Orders reach Karachi in 3-5 working days and the rest of Pakistan in 5-7 working days. Sunday is not a working day.</p>\n",
    );
    expect(pageSummary("## Hi\n\nOur **sizes** run large.\n\nMore.", values)).toBe("Our sizes run large.");
    expect(pageSummary("word ".repeat(60), values, 30)).toMatch(/^(word ){4}word…$|^word( word)*…$/);
  });
});
