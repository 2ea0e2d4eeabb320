import { describe, expect, it } from "vitest";
import { changesSincePreview, mappingFromForm, mappingKey } from "./import-form";

describe("the previewed mapping on the Apply form", () => {
  it("writes a mapping as one line in the form's field order, whatever order it was built in", () => {
    expect(mappingKey("tracking", { trackingNumber: 2, orderNumber: 0 })).toBe("orderNumber=0;trackingNumber=2");
    expect(mappingKey("cod", { collected: 3, trackingNumber: 1 })).toBe("trackingNumber=1;collected=3");
    expect(mappingKey("delivery", {})).toBe("");
  });

  it("names the fields whose column changed since the preview, and none when it did not", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      "map-orderNumber": "0",
      "map-trackingNumber": "2",
      "map-courierName": "",
      "map-date": "3",
    }))
      form.set(k, v);
    const posted = mappingFromForm("tracking", form);
    expect(changesSincePreview("tracking", "orderNumber=0;trackingNumber=2;date=3", posted)).toEqual({
      previewed: true,
      fields: [],
    });
    // Tracking moved from column 1 to 2; the date was not mapped in the preview; the courier column was dropped.
    expect(changesSincePreview("tracking", "orderNumber=0;trackingNumber=1;courierName=4", posted)).toEqual({
      previewed: true,
      fields: ["trackingNumber", "courierName", "date"],
    });
  });

  it("counts a missing or garbled previewed mapping as no preview", () => {
    for (const key of [null, undefined, "orderNumber=x", "orderNumber=0;;", "<script>"]) {
      expect(changesSincePreview("tracking", key, { orderNumber: 0, trackingNumber: 1 })).toEqual({
        previewed: false,
        fields: [],
      });
    }
    // A preview of a file whose mapping was empty is still a preview.
    expect(changesSincePreview("delivery", "", {})).toEqual({ previewed: true, fields: [] });
  });
});
