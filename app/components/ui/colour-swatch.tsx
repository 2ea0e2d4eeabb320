import { isLightSwatch } from "~/modules/catalog/swatch";

/**
 * A colour's swatch: a round dot of the owner's hex (a light one gets a darker ring so it shows on
 * white). Decorative by default (the name is beside it); `label` makes it the accessible text.
 */
export function ColourSwatch({
  hex,
  label,
  className = "h-4 w-4",
}: {
  hex: string;
  label?: string;
  className?: string;
}) {
  const look = `swatch ${isLightSwatch(hex) ? "swatch-light " : ""}${className}`;
  if (label)
    return <span role="img" aria-label={label} title={label} className={look} style={{ backgroundColor: hex }} />;
  return <span aria-hidden className={look} style={{ backgroundColor: hex }} />;
}
