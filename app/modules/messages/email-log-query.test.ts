import { describe, expect, it } from "vitest";
import {
  describeEmailStatus,
  emailLogActionSchema,
  emailLogSearch,
  parseEmailLogSearch,
  readEmailLogQuery,
} from "./email-log-query";
import { MAX_SEND_ATTEMPTS } from "./retry-policy";

const at = new Date("2026-11-23T10:00:00Z");
const facts = { attempts: 0, lastError: null, nextAttemptAt: at };

describe("the Email Logs URL", () => {
  it("reads status, search, page and entry, and falls back on anything unknown", () => {
    expect(readEmailLogQuery(new URLSearchParams("status=failed&q=%20ayesha%20&page=3&id=12"))).toEqual({
      status: "failed",
      q: "ayesha",
      page: 3,
      id: 12,
    });
    expect(readEmailLogQuery(new URLSearchParams("status=lost&page=-2&id=abc"))).toEqual({
      status: null,
      q: "",
      page: 1,
      id: null,
    });
  });

  it("writes the query string back, leaving out what is empty", () => {
    expect(emailLogSearch({ status: "sent", q: "ORD-123456", page: 2, id: null })).toBe(
      "?status=sent&q=ORD-123456&page=2",
    );
    expect(emailLogSearch({ status: null, q: "", page: 1 })).toBe("");
  });

  it("reads a search as an order number in any common spelling, or else part of an address", () => {
    expect(parseEmailLogSearch("ord 123456")).toEqual({ kind: "order-number", orderNumber: "ORD-123456" });
    expect(parseEmailLogSearch("50%_off@x")).toEqual({ kind: "recipient", pattern: "%50\\%\\_off@x%" });
    expect(parseEmailLogSearch("  ")).toEqual({ kind: "none" });
  });
});

describe("an e-mail's status in words", () => {
  const time = () => "3:00 pm";
  it("says SPEC.md's 'Successfully Sent', queued, retrying with the attempt and next try, failed with the reason and tries, and not configured", () => {
    expect(describeEmailStatus({ ...facts, status: "sent", attempts: 1 })).toMatchObject({
      short: "Sent",
      label: "Successfully Sent",
    });
    expect(describeEmailStatus({ ...facts, status: "queued" })).toEqual({
      short: "Queued",
      label: "Queued",
      detail: null,
    });
    expect(describeEmailStatus({ ...facts, status: "queued", attempts: 2, lastError: "421 busy" }, time)).toEqual({
      short: "Retrying",
      label: `Retrying: attempt 3 of ${MAX_SEND_ATTEMPTS}, next try at 3:00 pm`,
      detail: "Last error: 421 busy",
    });
    expect(
      describeEmailStatus({ ...facts, status: "failed", attempts: 1, lastError: "550 no such user" }),
    ).toMatchObject({ short: "Failed", detail: "550 no such user (1 attempt)" });
    expect(describeEmailStatus({ ...facts, status: "not_configured" })).toMatchObject({
      short: "Not sent",
      label: "Not sent: no mail server configured",
    });
  });
});

describe("the Email Logs actions", () => {
  it("accepts a resend with no address or a valid one, refuses a bad address, and accepts clear", () => {
    expect(emailLogActionSchema.parse({ intent: "resend", id: "4", to: "" })).toEqual({
      intent: "resend",
      id: 4,
      to: "",
    });
    expect(emailLogActionSchema.parse({ intent: "resend", id: "4", to: " a@b.pk " })).toMatchObject({ to: "a@b.pk" });
    const bad = emailLogActionSchema.safeParse({ intent: "resend", id: "4", to: "a@" });
    expect(bad.success ? null : bad.error.issues[0]).toMatchObject({
      path: ["to"],
      message: "Please enter a valid e-mail address",
    });
    expect(emailLogActionSchema.parse({ intent: "clear" })).toEqual({ intent: "clear" });
  });
});
