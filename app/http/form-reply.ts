import type { Intent, Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { $ZodType } from "zod/v4/core";
import type { FormReply } from "~/lib/form-reply";

export type { FormReply } from "~/lib/form-reply";

/** Fields whose values are never sent back to the page, whatever the form. */
const SECRET = /password|secret|token/i;

/**
 * Reads a posted form with its schema: the one way every page action parses a form (the page
 * checks with the same schema in the browser, through useFormShape). Empty fields arrive as
 * undefined and numbers as numbers, conform's coercion.
 */
export function parseSubmission<Schema extends $ZodType>(
  form: FormData | URLSearchParams,
  schema: Schema | ((intent: Intent | null) => Schema),
) {
  return parseWithZod(form, { schema });
}

type RefuseOptions = {
  /** The message above the form. */
  formError?: string;
  /** A message per field the server found wrong (beside the schema's own). */
  fieldErrors?: Record<string, string | undefined>;
  /** The answer's HTTP status (400 by default). */
  status?: number;
  /** Values the server puts back in the form beside what was typed (e.g. a stored upload's token in its hidden field). */
  values?: Record<string, string>;
  /** More fields never sent back, beside passwords, secrets and tokens (e.g. a courier's credentials). */
  hide?: (name: string) => boolean;
};

/**
 * The refusal every page action answers (status 400): the schema's messages or the server's own,
 * and what was typed, with passwords and secrets left out.
 */
export function refuse<Output>(submission: Submission<unknown, string[], Output>, options: RefuseOptions = {}) {
  return data<FormReply>(refusal(submission, options), { status: options.status ?? 400 });
}

/** The refusal as plain data, for an action that answers it inside a larger answer. */
export function refusal<Output>(
  submission: Submission<unknown, string[], Output>,
  { formError, fieldErrors, values, hide }: RefuseOptions = {},
): FormReply {
  const payload = submission.payload as Record<string, unknown>;
  const fieldMessages: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(fieldErrors ?? {})) if (message) fieldMessages[name] = [message];
  const reply = submission.reply({
    formErrors: formError ? [formError] : undefined,
    fieldErrors: Object.keys(fieldMessages).length ? fieldMessages : undefined,
    hideFields: Object.keys(payload).filter((name) => SECRET.test(name) || hide?.(name)),
  });
  // A refusal from the server alone (the schema passed) still reads as a refusal.
  return values
    ? { ...reply, status: "error", initialValue: { ...reply.initialValue, ...values } }
    : { ...reply, status: "error" };
}

/** A refusal built without a submission (a request that failed on the way: see keep-on-failure.ts). */
export function refusalOf(values: Record<string, string>, formError: string): FormReply {
  return refusalFrom(values, { formError });
}

/**
 * A refusal of a form read outside conform (the product form: lists, a stock grid and photo tokens
 * as one record of values): those values kept as they are, each field's message and the form's.
 */
export function refusalFrom(
  values: Record<string, unknown> | null,
  { formError, fieldErrors }: Pick<RefuseOptions, "formError" | "fieldErrors">,
): FormReply {
  const error: Record<string, string[]> = formError ? { "": [formError] } : {};
  for (const [name, message] of Object.entries(fieldErrors ?? {})) if (message) error[name] = [message];
  const kept = values ? Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET.test(name))) : null;
  return { status: "error", initialValue: kept as FormReply["initialValue"], error };
}
