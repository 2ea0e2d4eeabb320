import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { keptOwnerOrderRows, ownerOrderFormSchema } from "./owner-order-form";

/** The form as posted, read with its schema as the action and the page read it. */
function parseOwnerOrderForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema: ownerOrderFormSchema });
  if (submission.status === "success") return { ok: true as const, ...submission.value };
  const reply = submission.reply();
  const fieldsOf: Record<string, unknown> = {};
  const rows: Record<number, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const row = /^items\[(\d+)\]$/.exec(name);
    if (row) rows[Number(row[1])] = messages?.[0] ?? "";
    else if (name) fieldsOf[name] = messages?.[0];
  }
  if (Object.keys(rows).length) fieldsOf.rows = rows;
  const values = { ...reply.initialValue, items: keptOwnerOrderRows(reply.initialValue) };
  return { ok: false as const, fields: fieldsOf, values };
}

const BASE = { channel: "phone", fullName: "Zara", phone: "0300 1234567", city: "Lahore", address: "1 Mall Road" };

describe("the owner's new-order form", () => {
  it("takes an order without an e-mail, ignores empty rows and reads quantities", () => {
    const result = parseOwnerOrderForm({
      ...BASE,
      "items[0].productId": "tee",
      "items[0].color": "Black",
      "items[0].size": "M",
      "items[0].quantity": "3",
      "items[2].productId": "shorts",
      "items[2].color": "Brown",
      "items[2].size": "L",
      "items[2].quantity": "",
    });
    expect(result).toMatchObject({
      ok: true,
      channel: "phone",
      shipping: { email: "", phone: "+923001234567", city: "Lahore" },
      items: [
        { productId: "tee", color: "Black", size: "M", quantity: 3 },
        { productId: "shorts", color: "Brown", size: "L", quantity: 1 },
      ],
    });
  });

  it("refuses a missing channel, no items, a bad row and a bad e-mail, keeping every value", () => {
    const result = parseOwnerOrderForm({
      ...BASE,
      channel: "web",
      email: "not-an-email",
      "items[1].productId": "tee",
      "items[1].color": "",
      "items[1].size": "M",
      "items[1].quantity": "2",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toMatchObject({
      channel: "Please choose where the order came from",
      email: "Please enter a valid e-mail address",
      rows: { 1: "Please select color and size" },
    });
    expect(result.values).toMatchObject({ channel: "web", email: "not-an-email", fullName: "Zara" });
    expect(result.values.items[1]).toEqual({ productId: "tee", color: "", size: "M", quantity: "2" });

    const empty = parseOwnerOrderForm({ ...BASE });
    expect(empty).toMatchObject({ ok: false, fields: { items: "Please add at least one item" } });
    const zero = parseOwnerOrderForm({
      ...BASE,
      "items[0].productId": "tee",
      "items[0].color": "Black",
      "items[0].size": "M",
      "items[0].quantity": "0",
    });
    expect(zero).toMatchObject({ ok: false, fields: { rows: { 0: "Quantity must be a whole number from 1 to 99" } } });
    const noName = parseOwnerOrderForm({
      ...BASE,
      fullName: "",
      "items[0].productId": "tee",
      "items[0].color": "Black",
      "items[0].size": "M",
    });
    expect(noName).toMatchObject({ ok: false, fields: { fullName: "Please enter your full name" } });
  });
});
