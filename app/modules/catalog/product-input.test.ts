import { describe, expect, it } from "vitest";
import {
  editProductForm,
  emptyProductForm,
  LIST_FIELDS,
  parseProductFormIntent,
  productFormFromInput,
  productInputFromForm,
  readProductForm,
} from "./product-form";
import { fieldErrors, parseLaunchAt, productInputSchema, splitTags, type RawProductInput } from "./product-input";

/** The demo shop's options, as migration 0014 fills them (their order is the owner's). */
const OPTIONS = {
  colours: ["Black", "White", "Gray", "Navy", "Red", "Blue", "Green", "Brown"].map((name) => ({
    name,
    hex: "#000000",
    retired: false,
  })),
  sizeSets: [
    { id: 1, name: "Tops", sizes: ["XS", "S", "M", "L", "XL", "XXL"] },
    { id: 4, name: "Unstitched", sizes: ["Unstitched"] },
    { id: 5, name: "Kurta", sizes: ["6", "8", "10"] },
  ],
};

const IMAGE = { width: 960, height: 1200, sources: [{ key: "a".repeat(32), width: 960 }] };
const complete: RawProductInput = {
  name: " Linen Camp Shirt ",
  category: "shirts",
  description: " Breezy linen. ",
  price: "2499",
  originalPrice: "",
  stock: "10",
  colors: ["White", "Black"],
  sizes: ["M", "S"],
  variants: [{ color: "Black", size: "M", stock: "3" }],
  features: [" Pure linen ", "", "Camp collar"],
  tags: "summer, linen, , summer",
  images: [IMAGE],
};

const errorsOf = (raw: RawProductInput) => {
  const parsed = productInputSchema.safeParse(raw);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("the product rule", () => {
  it("trims, keeps colours and sizes as given (saveProduct orders them the shop's way), fills the stock grid and splits tags", () => {
    const input = productInputSchema.parse(complete);
    expect(input).toMatchObject({
      status: "active",
      name: "Linen Camp Shirt",
      description: "Breezy linen.",
      price: 2499,
      originalPrice: null,
      sizeSetId: null,
    });
    expect(input.colors).toEqual(["White", "Black"]);
    expect(input.sizes).toEqual(["M", "S"]);
    expect(input.variants).toEqual([
      { color: "White", size: "M", stock: 10, costPrice: null },
      { color: "White", size: "S", stock: 10, costPrice: null },
      { color: "Black", size: "M", stock: 3, costPrice: null },
      { color: "Black", size: "S", stock: 10, costPrice: null },
    ]);
    expect(productInputSchema.parse({ ...complete, sizeSetId: "4" }).sizeSetId).toBe(4);
    expect(errorsOf({ ...complete, sizeSetId: "tops" })).toEqual({ sizeSetId: "Please choose a size set" });
    expect(input.features).toEqual(["Pure linen", "Camp collar"]);
    expect(input.tags).toEqual(["summer", "linen"]);
  });

  it("gives SPEC.md's message for each missing field of a product to publish", () => {
    expect(errorsOf({ category: "t-shirts" })).toEqual({
      name: "Product name is required",
      description: "Description is required",
      price: "Valid price is required",
      stock: "Valid stock quantity is required",
      colors: "At least one color is required",
      sizes: "At least one size is required",
      images: "At least one image is required",
    });
  });

  it("refuses paisa, a negative stock and an original price not above the price", () => {
    expect(errorsOf({ ...complete, price: "1299.50" }).price).toBe("Price must be in whole rupees (no paisa)");
    expect(errorsOf({ ...complete, price: "0" }).price).toBe("Valid price is required");
    expect(errorsOf({ ...complete, price: "abc" }).price).toBe("Valid price is required");
    expect(errorsOf({ ...complete, stock: "-1" }).stock).toBe("Valid stock quantity is required");
    expect(errorsOf({ ...complete, originalPrice: "2499" }).originalPrice).toBe(
      "Original price must be more than the price",
    );
    expect(errorsOf({ ...complete, originalPrice: "2999" })).toEqual({});
    expect(
      errorsOf({ ...complete, variants: [{ color: "Black", size: "M", stock: "-2" }] })["variants.Black/M"],
    ).toMatch(/Black M/);
    expect(errorsOf({ ...complete, images: Array(6).fill(IMAGE) }).images).toBe("At most 5 images");
  });

  it("needs no Stock Quantity when every colour and size has its own stock (their sum is the total); an empty or partial table still does", () => {
    const cells = [
      { color: "White", size: "M", stock: "4" },
      { color: "White", size: "S", stock: "0" },
      { color: "Black", size: "M", stock: "3" },
      { color: "Black", size: "S", stock: "2" },
    ];
    const filled = productInputSchema.safeParse({ ...complete, stock: "", variants: cells });
    expect(filled.success && filled.data.variants).toEqual([
      { color: "White", size: "M", stock: 4, costPrice: null },
      { color: "White", size: "S", stock: 0, costPrice: null },
      { color: "Black", size: "M", stock: 3, costPrice: null },
      { color: "Black", size: "S", stock: 2, costPrice: null },
    ]);
    expect(errorsOf({ ...complete, stock: null, variants: cells })).toEqual({});
    // No table, or a cell left empty: that combination's stock is unknown, so the quantity is asked for.
    expect(errorsOf({ ...complete, stock: "", variants: [] })).toEqual({ stock: "Valid stock quantity is required" });
    expect(errorsOf({ ...complete, stock: "", variants: cells.slice(1) })).toEqual({
      stock: "Valid stock quantity is required",
    });
    // A quantity typed is still checked, even when the table does not need it.
    expect(errorsOf({ ...complete, stock: "-1", variants: cells })).toEqual({
      stock: "Valid stock quantity is required",
    });
  });

  it("takes an optional weight per piece in whole grams from 1 to 50,000", () => {
    expect(productInputSchema.parse(complete).weightGrams).toBeNull();
    expect(productInputSchema.parse({ ...complete, weightGrams: "" }).weightGrams).toBeNull();
    expect(productInputSchema.parse({ ...complete, weightGrams: " 350 " }).weightGrams).toBe(350);
    expect(productInputSchema.parse({ ...complete, weightGrams: "1,200 g" }).weightGrams).toBe(1200);
    expect(productInputSchema.parse({ ...complete, weightGrams: 50000 }).weightGrams).toBe(50000);
    const message = "Weight must be a whole number of grams from 1 to 50,000, or empty";
    for (const weightGrams of ["0", "50001", "350.5", "heavy", -3])
      expect(errorsOf({ ...complete, weightGrams }).weightGrams).toBe(message);
  });

  it("lets a draft be saved with only a name and a price", () => {
    expect(errorsOf({ status: "draft", name: "Idea", category: "t-shirts", price: "999" })).toEqual({});
    expect(errorsOf({ status: "draft", category: "t-shirts", price: "999" })).toEqual({
      name: "Product name is required",
    });
  });

  it("reads a launch time as Pakistan time", () => {
    expect(parseLaunchAt("2025-10-01T21:00")?.toISOString()).toBe("2025-10-01T16:00:00.000Z");
    expect(parseLaunchAt("2025-10-01T21:00:00Z")?.toISOString()).toBe("2025-10-01T21:00:00.000Z");
    expect(parseLaunchAt("soon")).toBeNull();
    expect(splitTags(["a", " a ", "b"])).toEqual(["a", "b"]);
  });
});

describe("the product form", () => {
  it("shows a stored weight in the edit form, and empty for none", () => {
    const stored = productInputSchema.parse({ ...complete, weightGrams: "280" });
    expect(productFormFromInput({ ...stored, launchAtLocal: "" }).weightGrams).toBe("280");
    expect(productFormFromInput({ ...stored, weightGrams: null, launchAtLocal: "" }).weightGrams).toBe("");
  });

  it("reads every field back, so nothing typed is lost", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Tee",
      category: "t-shirts",
      description: "Soft",
      price: "1299.50",
      originalPrice: "",
      stock: "4",
      tags: "a, b",
      comingSoon: "on",
      launchAt: "2025-10-01T21:00",
      weightGrams: "abc",
    }))
      form.set(k, v);
    form.append(LIST_FIELDS.colors, "White");
    form.append(LIST_FIELDS.colors, "Black");
    form.append(LIST_FIELDS.sizes, "M");
    form.append(LIST_FIELDS.features, "One");
    form.append(LIST_FIELDS.features, "");
    form.set("stock:Black/M", "7");
    form.append(LIST_FIELDS.images, JSON.stringify(IMAGE));
    form.append(LIST_FIELDS.images, "{not json");
    const values = readProductForm(form);
    expect(values).toMatchObject({
      name: "Tee",
      price: "1299.50",
      colors: ["White", "Black"],
      sizes: ["M"],
      features: ["One", ""],
      grid: { "Black/M": "7" },
      comingSoon: true,
      images: [IMAGE],
      weightGrams: "abc",
    });
    const raw = productInputFromForm(values, "publish");
    expect(raw.status).toBe("coming-soon");
    expect(raw.weightGrams).toBe("abc");
    expect(productInputFromForm(values, "draft").status).toBe("draft");
  });

  it("starts with SPEC.md's defaults, or with what a shop without them has", () => {
    expect(emptyProductForm(OPTIONS, ["shirts", "t-shirts"])).toMatchObject({
      category: "t-shirts",
      sizeSetId: "1",
      colors: ["Black", "White"],
      sizes: ["S", "M", "L", "XL"],
      features: [""],
      weightGrams: "",
    });
    const lawn = {
      colours: [
        { name: "Mint", hex: "#98ff98", retired: false },
        { name: "Maroon", hex: "#800000", retired: false },
      ],
      sizeSets: [OPTIONS.sizeSets[1]],
    };
    expect(emptyProductForm(lawn, ["lawn"])).toMatchObject({
      category: "lawn",
      sizeSetId: "4",
      colors: ["Mint"],
      sizes: ["Unstitched"],
    });
    expect(emptyProductForm({ colours: [], sizeSets: [] }, [])).toMatchObject({
      category: "",
      sizeSetId: "",
      colors: [],
      sizes: [],
    });
  });

  it("picks a size set's sizes: the ones it shares, else all of them; a one-size set's by itself", () => {
    const start = emptyProductForm(OPTIONS);
    expect(editProductForm({ ...start, sizeSetId: "4" }, { intent: "pick-size-set" }, OPTIONS).sizes).toEqual([
      "Unstitched",
    ]);
    expect(editProductForm({ ...start, sizeSetId: "5" }, { intent: "pick-size-set" }, OPTIONS).sizes).toEqual([
      "6",
      "8",
      "10",
    ]);
    expect(editProductForm(start, { intent: "pick-size-set" }, OPTIONS).sizes).toEqual(["S", "M", "L", "XL"]);
    // A size of another set, and a colour the shop does not have, change nothing.
    expect(editProductForm(start, parseProductFormIntent("toggle-size:8")!, OPTIONS).sizes).toEqual([
      "S",
      "M",
      "L",
      "XL",
    ]);
    expect(editProductForm(start, parseProductFormIntent("toggle-color:Purple")!, OPTIONS).colors).toEqual([
      "Black",
      "White",
    ]);
  });

  it("toggles, adds and removes feature lines (never the last) and moves photos", () => {
    const start = { ...emptyProductForm(OPTIONS), images: [IMAGE, { ...IMAGE, width: 1 }] };
    expect(editProductForm(start, parseProductFormIntent("toggle-color:Navy")!, OPTIONS).colors).toEqual([
      "Black",
      "White",
      "Navy",
    ]);
    expect(editProductForm(start, parseProductFormIntent("toggle-size:S")!, OPTIONS).sizes).toEqual(["M", "L", "XL"]);
    expect(editProductForm(start, parseProductFormIntent("remove-feature:0")!, OPTIONS).features).toEqual([""]);
    const two = editProductForm(start, parseProductFormIntent("add-feature")!, OPTIONS);
    expect(two.features).toEqual(["", ""]);
    expect(editProductForm(two, parseProductFormIntent("remove-feature:1")!, OPTIONS).features).toEqual([""]);
    expect(editProductForm(start, parseProductFormIntent("image-down:0")!, OPTIONS).images.map((i) => i.width)).toEqual(
      [1, 960],
    );
    expect(editProductForm(start, parseProductFormIntent("image-up:0")!, OPTIONS).images.map((i) => i.width)).toEqual([
      960, 1,
    ]);
    expect(editProductForm(start, parseProductFormIntent("image-remove:1")!, OPTIONS).images).toEqual([IMAGE]);
    expect(parseProductFormIntent("explode")).toBeNull();
  });
});
