import { useId, useState } from "react";
import { OTHER_CITY, PAKISTANI_CITIES } from "~/lib/cities";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldLabel, TextField } from "./text-field";

/**
 * A city from the list (`city`), or "Other" with the name typed (`cityOther`). A saved city that
 * is not on the list starts as "Other" with its name in the text field.
 *
 * `showOther` says when the "Town name (if Other)" field is there besides "Other" being chosen:
 * - "until-hydrated": always in the server HTML, so without JavaScript both fields are shown;
 * - "while-unchosen": also while no city is chosen, so a fresh form works without JavaScript.
 */
export function CityField({
  city,
  cityOther,
  error,
  required = true,
  showOther,
  selectAutoComplete,
  otherAutoComplete,
}: {
  city?: string;
  cityOther?: string;
  error?: string;
  required?: boolean;
  showOther: "until-hydrated" | "while-unchosen";
  selectAutoComplete?: string;
  otherAutoComplete?: string;
}) {
  const hydrated = useHydrated();
  const listed = (PAKISTANI_CITIES as readonly string[]).includes(city ?? "");
  const [choice, setChoice] = useState(city ? (listed || city === OTHER_CITY ? city : OTHER_CITY) : "");
  const id = useId();
  const otherShown = choice === OTHER_CITY || (showOther === "until-hydrated" ? !hydrated : !choice);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <FieldLabel htmlFor={id} required={required}>
          City
        </FieldLabel>
        <select
          id={id}
          name="city"
          required={required}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="field-input"
          autoComplete={selectAutoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">Choose your city</option>
          {PAKISTANI_CITIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          <option value={OTHER_CITY}>Other</option>
        </select>
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      {/* The typed name only counts when "Other" is chosen. */}
      <div className={otherShown ? "" : "hidden"}>
        <TextField
          label="Town name (if Other)"
          name="cityOther"
          autoComplete={otherAutoComplete}
          required={false}
          defaultValue={cityOther ?? (listed || city === OTHER_CITY ? "" : city)}
        />
      </div>
    </div>
  );
}
