import { describe, expect, it } from "vitest";
import { comingSoonPage, isComingSoonCategory } from "./coming-soon";

describe("coming-soon pages (SPEC.md)", () => {
  it("names the known collections with an October 2025 launch", () => {
    expect(comingSoonPage("sweatshirts")).toMatchObject({ title: "Sweatshirts", launch: "October 2025", categorySlug: "sweatshirts" });
    expect(comingSoonPage("sweatshirt")).toMatchObject({ title: "Sweatshirts" });
    expect(comingSoonPage("hoodies")).toMatchObject({ title: "Hoodies", launch: "October 2025" });
    expect(comingSoonPage("jacket")).toMatchObject({ title: "Jackets", launch: "October 2025" });
    expect(comingSoonPage("Jackets").title).toBe("Jackets");
  });
  it("shows New Collection, Soon for anything else", () => {
    expect(comingSoonPage("scarves")).toMatchObject({ title: "New Collection", launch: "Soon", categorySlug: null });
  });
  it("knows which empty categories say Coming Soon", () => {
    expect(isComingSoonCategory("hoodies")).toBe(true);
    expect(isComingSoonCategory("jackets")).toBe(true);
    expect(isComingSoonCategory("sweatshirts")).toBe(true);
    expect(isComingSoonCategory("t-shirts")).toBe(false);
  });
});
