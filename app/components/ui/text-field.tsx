import { useId, type ReactNode } from "react";

/**
 * A field's label with the required mark beside it, not inside it: the label holds only the
 * field's name, so the field is found by exactly that name (by a screen reader and by getByLabel).
 */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required: boolean; children: ReactNode }) {
  return (
    <div className="field-label">
      <label htmlFor={htmlFor}>{children}</label>
      {required && <span aria-hidden className="text-red-700"> *</span>}
    </div>
  );
}

/** A labelled input or textarea with its error beside it. */
export function TextField({
  label, name, error, defaultValue, type = "text", multiline = false, autoComplete, required = true, rows = 5, placeholder, inputMode,
}: {
  label: string; name: string; error?: string; defaultValue?: string; type?: string; multiline?: boolean; autoComplete?: string; required?: boolean; rows?: number;
  placeholder?: string; inputMode?: "numeric" | "tel" | "email" | "text";
}) {
  const id = useId();
  const common = {
    id, name, defaultValue, required, autoComplete, placeholder, inputMode,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: "field-input",
  };
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>{label}</FieldLabel>
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}
