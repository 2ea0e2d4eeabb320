import { type DefaultValue, type FormMetadata, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import type { FormReply } from "~/lib/form-reply";

/**
 * A page's side of the one form shape: the same zod schema the action parses with checks the form
 * in the browser (a field when it is left, again as it is corrected, all of them on submit), and
 * the action's refusal (`lastResult`) shows beside the same fields. Without JavaScript nothing runs
 * here and the server's refusal comes back in the page. Spread `form.onSubmit`, `form.id` and
 * `noValidate` on the <Form> (or use conform's getFormProps(form)); read a field's message from
 * `fields.<name>.errors?.[0]`.
 */
export function useFormShape<Schema extends $ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  lastResult: FormReply | null | undefined,
  options: { id?: string; defaultValue?: DefaultValue<input<Schema>> } = {},
) {
  return useForm<input<Schema>, output<Schema>>({
    id: options.id,
    lastResult: lastResult ?? undefined,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
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
