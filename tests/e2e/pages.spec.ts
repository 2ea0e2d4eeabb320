import { expect, test } from "@playwright/test";
import { gotoHydrated, linkOrButton, uniqueEmail } from "./helpers";

test.describe("coming-soon pages", () => {
  // The categories the owner marked coming soon (the seed's Sweat Shirts and Jackets), by their names.
  const KNOWN: [string, string][] = [
    ["/coming-soon/jackets", "Jackets"],
    ["/coming-soon/sweatshirts", "Sweat Shirts"],
    ["/coming-soon/sweatshirt", "Sweat Shirts"],
  ];
  for (const [path, title] of KNOWN) {
    test(`${path} shows ${title} launching October 2025`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(/Expected launch:\s*October 2025/);
      await expect(page.getByRole("button", { name: "Notify Me" })).toBeVisible();
    });
  }

  test("a category that is on sale (Hoodies) sends the shopper to its listing", async ({ page }) => {
    await page.goto("/coming-soon/hoodies");
    await expect(page).toHaveURL(/\/category\/hoodies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hoodies" })).toBeVisible();
  });

  test("an unknown category shows New Collection, expected Soon", async ({ page }) => {
    const res = await page.goto("/coming-soon/anything");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "New Collection" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/Expected launch:\s*Soon/);
  });

  test("Notify Me stores the e-mail, twice is fine, and a bad address is refused", async ({ page }) => {
    await gotoHydrated(page, "/coming-soon/jackets");
    const email = page.getByRole("textbox", { name: "Email address" });
    const notify = page.getByRole("button", { name: "Notify Me" });
    const confirmation = page.getByRole("status").filter({
      hasText: "Thanks! Please check your e-mail to confirm: we will e-mail you as soon as it is available.",
    });

    await email.fill("jackets@");
    await notify.click();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");

    const address = uniqueEmail("coming-soon");
    await email.fill(address);
    await notify.click();
    await expect(confirmation).toBeVisible();

    // Same address again, after a fresh load: still a friendly confirmation, not an error.
    await gotoHydrated(page, "/coming-soon/jackets");
    await page.getByRole("textbox", { name: "Email address" }).fill(address.toUpperCase());
    await page.getByRole("button", { name: "Notify Me" }).click();
    await expect(confirmation).toBeVisible();
  });

  test("has a link back to products", async ({ page }) => {
    await gotoHydrated(page, "/coming-soon/sweatshirts");
    await page
      .getByRole("main")
      .getByRole("link", { name: /Back to Products/i })
      .click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  });

  for (const [from, to] of [
    ["/jackets", "/coming-soon/jackets"],
    ["/sweatshirts", "/coming-soon/sweatshirts"],
  ]) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      const raw = await page.request.get(from, { maxRedirects: 0 });
      expect([301, 302, 303, 307, 308]).toContain(raw.status());
      expect(new URL(raw.headers()["location"], "http://x").pathname).toBe(to);
      const res = await page.goto(from);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
});

test.describe("contact page", () => {
  const VALID = {
    Name: "Ayesha Khan",
    Email: "ayesha@example.com",
    Subject: "Size exchange",
    Message: "Can I swap a medium tee for a large?",
  };

  async function fillForm(page: import("@playwright/test").Page, values: Record<string, string>) {
    const form = page.getByRole("form", { name: "Contact form" });
    for (const [label, value] of Object.entries(values)) {
      await form.getByRole("textbox", { name: label, exact: true }).fill(value);
    }
    return form;
  }

  test("sends a message and thanks the sender", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const form = await fillForm(page, VALID);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully! We will get back to you within 24 hours.")).toBeVisible({
      timeout: 10_000,
    });
    // The form is cleared for the next message.
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  });

  const CASES: { field: keyof typeof VALID; value: string; error: string }[] = [
    { field: "Name", value: "", error: "Please enter your name" },
    { field: "Email", value: "", error: "Please enter your email address" },
    { field: "Email", value: "ayesha-at-example", error: "Please enter a valid email address" },
    { field: "Subject", value: "", error: "Please enter a subject" },
    { field: "Message", value: "   ", error: "Please enter your message" },
  ];
  for (const c of CASES) {
    test(`shows "${c.error}" beside ${c.field} and keeps the other values`, async ({ page }) => {
      await gotoHydrated(page, "/contact");
      const form = await fillForm(page, { ...VALID, [c.field]: c.value });
      await form.getByRole("button", { name: "Send Message" }).click();
      const field = form.getByRole("textbox", { name: c.field, exact: true });
      await expect(field).toHaveAccessibleDescription(c.error, { timeout: 10_000 });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Message sent successfully!")).toHaveCount(0);
      for (const [label, value] of Object.entries(VALID)) {
        if (label === c.field) continue;
        const other = form.getByRole("textbox", { name: label, exact: true });
        await expect(other).toHaveValue(value);
        await expect(other).not.toHaveAttribute("aria-invalid", "true");
      }
    });
  }

  test("without JavaScript, errors come back beside the fields with values kept", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      const form = await fillForm(page, { ...VALID, Email: "nope" });
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveAccessibleDescription(
        "Please enter a valid email address",
      );
      await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("nope");
      await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(VALID.Name);
      await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(VALID.Message);
      await form.getByRole("textbox", { name: "Email", exact: true }).fill(VALID.Email);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Message sent successfully! We will get back to you within 24 hours.")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("shows contact cards, map, store hours and FAQ", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "support@kapra.pk" })).toBeVisible();
    await expect(main.getByRole("link", { name: "+92 321 2345678" })).toBeVisible();
    await expect(main.getByRole("img", { name: /Map showing our store/ })).toBeVisible();
    await expect(main.getByText("Mon-Sat 10AM-8PM")).toBeVisible();
    await expect(main.getByRole("rowheader", { name: "Sunday" })).toBeVisible();
    await expect(main.getByRole("cell", { name: "Closed" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    await expect(main).not.toContainText(/free shipping|shipping is free/i);
  });
});

test.describe("about page", () => {
  test("tells the story and shows the shop's numbers", async ({ page }) => {
    const res = await page.goto("/about");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "About Kapra" })).toBeVisible();
    const numbers = page.getByRole("region", { name: "Our numbers" });
    for (const figure of ["10,000+", "5+", "50,000+", "4.8/5"]) await expect(numbers).toContainText(figure);
    await expect(page.getByRole("main")).toContainText("7 days");
  });
});

test.describe("404 page", () => {
  test("an unknown path shows Page Not Found with a 404 status and ways out", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const res = await page.goto("/does-not-exist");
    expect(res?.status()).toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(linkOrButton(main, "Go Home")).toBeVisible();
    await expect(main.getByRole("button", { name: "Go Back" })).toBeVisible();
    const helpful = main.getByRole("navigation", { name: "Helpful links" });
    for (const [name, href] of [
      ["Products", "/products"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Cart", "/cart"],
    ]) {
      await expect(helpful.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page).toHaveTitle(/Page Not Found/);
  });

  test("Go Back returns to the previous page and Go Home goes home", async ({ page }) => {
    await page.goto("/about");
    await gotoHydrated(page, "/does-not-exist");
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await gotoHydrated(page, "/nothing/here/either");
    await linkOrButton(page.getByRole("main"), "Go Home").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 2, name: "Featured products" })).toBeVisible();
  });
});

test.describe("SEO and media", () => {
  const PAGES = [
    "/",
    "/products",
    "/category/t-shirts",
    "/product/essential-crew-neck-tee",
    "/product/nope",
    "/coming-soon/jackets",
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/returns",
    "/does-not-exist",
  ];
  test("every page has a title, meta description and og:title", async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(path);
      const title = await page.title();
      expect(title.trim(), `${path} <title>`).not.toBe("");
      await expect(page.locator('head meta[name="description"]'), `${path} meta description`).toHaveAttribute(
        "content",
        /\S/,
      );
      await expect(page.locator('head meta[property="og:title"]'), `${path} og:title`).toHaveAttribute("content", /\S/);
    }
  });

  test("error pages rendered by the error boundary also have a description and og:title", async ({ page }) => {
    const res = await page.goto("/category/no-such-thing");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /\S/, { timeout: 2_000 });
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", /\S/, { timeout: 2_000 });
  });

  test("product pages have their own title", async ({ page }) => {
    await page.goto("/product/classic-pullover-hoodie");
    await expect(page).toHaveTitle(/Classic Pullover Hoodie/);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", /Classic Pullover Hoodie/);
  });

  test("sitemap.xml lists product URLs and robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/xml/);
    const xml = await sitemap.text();
    for (const id of [
      "essential-crew-neck-tee",
      "classic-pullover-hoodie",
      "slim-chino-trousers",
      "denim-work-shirt",
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>[^<]*/product/${id}</loc>`));
    }
    const productUrls = xml.match(/<loc>[^<]*\/product\/[^<]+<\/loc>/g) ?? [];
    expect(productUrls.length).toBeGreaterThanOrEqual(22);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap:\s*\S+\/sitemap\.xml\s*$/m);
  });

  test("product images are immutable WebP files and <img> tags are responsive", async ({ page }) => {
    await page.goto("/products");
    const images = page.getByRole("main").locator("img");
    expect(await images.count()).toBeGreaterThanOrEqual(12);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("srcset", /\S+ \d+w/);
      await expect(img).toHaveAttribute("sizes", /\S/);
    }
    const src = await images.first().getAttribute("src");
    const res = await page.request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/webp/);
    expect(res.headers()["cache-control"]).toContain("immutable");
    const srcset = (await images.first().getAttribute("srcset"))!;
    const other = srcset.split(",")[0].trim().split(" ")[0];
    const res2 = await page.request.get(other);
    expect(res2.headers()["content-type"]).toMatch(/^image\/webp/);
    expect(res2.headers()["cache-control"]).toContain("immutable");
  });
});
