/** A single-picture upload field (hero pictures, logo, favicon) with its error and hint beside it. */
export function ImageFileField({
  label,
  name,
  required,
  error,
  hint,
}: {
  label: string;
  name: string;
  required: boolean;
  error?: string;
  hint: string;
}) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span aria-hidden className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept="image/jpeg,image/png,image/webp"
        required={required}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ""}${id}-hint`}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}
