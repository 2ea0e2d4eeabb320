import { describe, expect, it } from "vitest";
import { COMMENT_TOO_LONG, firstNameOf, parseReviewInput, RATING_REQUIRED } from "./review-schema";

describe("parseReviewInput", () => {
  it("takes a whole rating from 1 to 5 and a trimmed comment", () => {
    expect(parseReviewInput({ rating: "4", comment: "  Soft fabric.  " })).toEqual({
      ok: true,
      data: { rating: 4, comment: "Soft fabric." },
    });
    expect(parseReviewInput({ rating: 1 })).toEqual({ ok: true, data: { rating: 1, comment: "" } });
    expect(parseReviewInput({ rating: "5", comment: "x".repeat(2000) }).ok).toBe(true);
  });

  it.each([["0"], ["6"], [0], [6], ["4.5"], [""], [undefined], ["four"], [null]])(
    "refuses the rating %j beside the field",
    (rating) => {
      expect(parseReviewInput({ rating, comment: "ok" })).toEqual({ ok: false, fields: { rating: RATING_REQUIRED } });
    },
  );

  it("refuses a comment over 2,000 characters", () => {
    expect(parseReviewInput({ rating: "3", comment: "x".repeat(2001) })).toEqual({
      ok: false,
      fields: { comment: COMMENT_TOO_LONG },
    });
  });
});

describe("firstNameOf", () => {
  it("keeps only the first name", () => {
    expect(firstNameOf("  Ayesha   Khan ")).toBe("Ayesha");
    expect(firstNameOf("Bilal")).toBe("Bilal");
    expect(firstNameOf("")).toBe("A buyer");
  });
});
