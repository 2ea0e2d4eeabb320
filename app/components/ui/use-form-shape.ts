import { type DefaultValue, type FormMetadata, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import type { FormReply } from "~/lib/form-reply";

/**
 * A page's side of the one form shape: the same zod schema the action parses with checks the form
 * in the browser (a field when it is left, again as it is corrected, all of them on submit, the
 * first wrong field then taking the focus), and
 * the action's refusal (`lastResult`) shows beside the same fields. Without JavaScript nothing runs
 * here and the server's refusal comes back in the page. Spread `form.onSubmit`, `form.id` and
 * `noValidate` on the <Form> (or use conform's getFormProps(form)); read a field's message from
 * `fields.<name>.errors?.[0]`.
 */
export function useFormShape<Schema extends $ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  lastResult: FormReply | null | undefined,
  options: {
    id?: string;
    defaultValue?: DefaultValue<input<Schema>>;
    /**
     * When a field is first checked: as it is left (the default), or only on submit, for a form
     * whose last field sits just above its button, where a message appearing as the field is left
     * would move the button from under the finger that is pressing it.
     */
    validate?: "onBlur" | "onSubmit";
  } = {},
) {
  return useForm<input<Schema>, output<Schema>>({
    id: options.id,
    lastResult: lastResult ?? undefined,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.validate ?? "onBlur",
    shouldRevalidate: "onInput",
  });
}

/**
 * Each field's first message as the form shows it now (the browser's check or the server's
 * refusal), keyed by field name: for forms whose parts take an `errors` record.
 */
export function shownErrors(form: Pick<FormMetadata<Record<string, unknown>, string[]>, "allErrors">) {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) if (name && messages?.[0]) errors[name] = messages[0];
  return errors;
}

/**
 * The message above a refused form: the server's own (the reply's form error), or `checked` when
 * the browser's check stopped the submit (the words the server says above the same refusal, e.g.
 * "Please correct the highlighted fields"). Nothing before a submit: a field checked as it is left
 * shows only its own message.
 */
export function formMessage(
  form: { errors?: string[]; status?: "success" | "error" },
  checked?: string,
): string | undefined {
  return form.errors?.[0] ?? (form.status === "error" ? checked : undefined);
}

/**
 * Each named field's first message, from useFormShape's fields (also for a union schema, whose
 * fields differ by intent): `{ label: "Write the label", link: undefined }`.
 */
export function fieldMessages<Name extends string>(
  fields: object,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const all = fields as Record<string, { errors?: string[] } | undefined>;
  return Object.fromEntries(names.map((name) => [name, all[name]?.errors?.[0]])) as Partial<Record<Name, string>>;
}
