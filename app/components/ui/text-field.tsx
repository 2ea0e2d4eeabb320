import { useId, type ReactNode } from "react";

/**
 * A field's label with the required mark beside it, not inside it: the label holds only the
 * field's name, so the field is found by exactly that name (by a screen reader and by getByLabel).
 */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field-label">
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span aria-hidden className="text-red-700">
          {" "}
          *
        </span>
      )}
    </div>
  );
}

/**
 * A labelled input or textarea with its error beside it. `hint` is a short note under the field
 * (its description, read after the error); `list` names a `<datalist>` of suggestions.
 */
export function TextField({
  label,
  name,
  error,
  defaultValue,
  type = "text",
  multiline = false,
  autoComplete,
  required = true,
  rows = 5,
  placeholder,
  inputMode,
  hint,
  list,
}: {
  label: string;
  name: string;
  error?: string;
  defaultValue?: string;
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
  required?: boolean;
  rows?: number;
  placeholder?: string;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "text";
  hint?: string;
  list?: string;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue,
    required,
    autoComplete,
    placeholder,
    inputMode,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: "field-input",
  };
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} list={list} {...common} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}
