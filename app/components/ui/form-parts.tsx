import { useEffect, useId, useRef, type ReactNode } from "react";
import { FieldLabel } from "./text-field";

/** Pieces the owner's forms share: the refusal above a form, a labelled select, focus on the first bad field. */

/** Focuses the first field marked invalid once a refusal comes back (with JavaScript; without, the page reloads at the top). */
export function useFocusFirstInvalid(errors: object | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errors && Object.keys(errors).length) ref.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);
  return ref;
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
      {children}
    </p>
  );
}

/** A labelled, required select with its error beside it. */
export function SelectField({
  label,
  name,
  defaultValue,
  error,
  children,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
