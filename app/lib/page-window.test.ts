import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("keeps the requested page within the pages that exist", () => {
    expect(pageWindow(45, 2, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(pageWindow(45, 9, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageWindow(0, 4, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
  it("reads a bad page number as page 1", () => {
    for (const bad of [0, -3, Number.NaN, 1.7]) expect(pageWindow(45, bad, 20).page).toBe(1);
  });
});
