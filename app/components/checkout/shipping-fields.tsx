import { useId, useState } from "react";
import { OTHER_CITY, PAKISTANI_CITIES } from "~/lib/cities";
import { TextField } from "~/components/ui/text-field";

export type ShippingValues = Partial<Record<"fullName" | "email" | "phone" | "city" | "cityOther" | "address" | "postalCode", string>>;
export type ShippingErrors = Partial<Record<"fullName" | "email" | "phone" | "city" | "address" | "postalCode", string>>;

/** The checkout form's fields, shared by /cart and /checkout. Country is fixed; payment is COD only. */
export function ShippingFields({ values, errors }: { values: ShippingValues; errors: ShippingErrors }) {
  const listed = (PAKISTANI_CITIES as readonly string[]).includes(values.city ?? "");
  const initialCity = values.city ? (listed ? values.city : OTHER_CITY) : "";
  const [city, setCity] = useState(initialCity);
  const cityId = useId();
  const paymentId = useId();
  return (
    <div className="grid gap-4">
      <TextField label="Full Name" name="fullName" autoComplete="name" defaultValue={values.fullName} error={errors.fullName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} error={errors.phone} placeholder="0300 1234567" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={cityId} className="field-label">City<span aria-hidden className="text-red-700"> *</span></label>
          <select
            id={cityId} name="city" required value={city} onChange={(e) => setCity(e.target.value)} className="field-input"
            aria-invalid={errors.city ? true : undefined} aria-describedby={errors.city ? `${cityId}-error` : undefined}
          >
            <option value="">Choose your city</option>
            {PAKISTANI_CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
            <option value={OTHER_CITY}>Other</option>
          </select>
          {errors.city && <p id={`${cityId}-error`} className="field-error">{errors.city}</p>}
        </div>
        {/* Without JavaScript the field is always there; it only counts when "Other" is chosen. */}
        <div className={city === OTHER_CITY || !city ? "" : "hidden"}>
          <TextField label="City name (if Other)" name="cityOther" autoComplete="address-level2" required={false} defaultValue={values.cityOther ?? (listed ? "" : values.city)} />
        </div>
      </div>
      <TextField label="Shipping Address" name="address" multiline rows={3} autoComplete="street-address" defaultValue={values.address} error={errors.address} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Postal Code" name="postalCode" inputMode="numeric" autoComplete="postal-code" required={false} defaultValue={values.postalCode} error={errors.postalCode} />
        <div>
          <p className="field-label">Country</p>
          <p className="field-input bg-stone-50 text-stone-700">Pakistan</p>
        </div>
      </div>
      <div>
        <label htmlFor={paymentId} className="field-label">Payment Method</label>
        <select id={paymentId} name="paymentMethod" className="field-input" defaultValue="cod">
          <option value="cod">Cash on Delivery</option>
        </select>
      </div>
    </div>
  );
}
