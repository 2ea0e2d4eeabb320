import type { SubmissionResult } from "@conform-to/react";

/**
 * The one shape of a refused form, on every page (conform's submission result): a message per
 * field, a message for the whole form (under the key ""), and what was typed (`initialValue`, never
 * a password). Actions make it with `refuse` (app/http/form-reply.ts); pages read it with the
 * helpers below, or through `useFormShape`, which also checks the form in the browser.
 */
export type FormReply = SubmissionResult<string[]>;

/** True for a refusal in the one shape (an action's other answers, e.g. `{ ok: true }`, are not). */
export function isRefusal(answer: unknown): answer is FormReply & { status: "error" } {
  return typeof answer === "object" && answer !== null && (answer as FormReply).status === "error";
}

/** The first message for one field, if the reply refused it. */
export function fieldError(reply: FormReply | null | undefined, name: string): string | undefined {
  return reply?.error?.[name]?.[0] ?? undefined;
}

/** Every field's first message, keyed by field name (the form's own message excluded). */
export function fieldErrors(reply: FormReply | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    if (name && messages?.[0]) errors[name] = messages[0];
  }
  return errors;
}

/** The message for the whole form (above it), if any. */
export function formError(reply: FormReply | null | undefined): string | undefined {
  return reply?.error?.[""]?.[0] ?? undefined;
}

/** What was typed in one field, to put back after a refusal (a string, or undefined when not sent). */
export function keptValue(reply: FormReply | null | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** Every text field as typed, by name (lists and nested values are left out). */
export function keptValues(reply: FormReply | null | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply?.initialValue ?? {})) {
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/** What was sent under one name that may repeat (tick boxes, a multiple select), as typed; [] when none. */
export function keptList(reply: FormReply | null | undefined, name: string): string[] {
  const value = reply?.initialValue?.[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}
