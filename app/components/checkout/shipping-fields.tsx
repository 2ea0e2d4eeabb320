import { useId } from "react";
import { CityField } from "~/components/ui/city-field";
import { TextField } from "~/components/ui/text-field";

import type { ShippingFormErrors, ShippingFormValues } from "~/modules/checkout/checkout-schema";

export type ShippingValues = ShippingFormValues;
export type ShippingErrors = ShippingFormErrors;

/** The checkout form's fields, shared by /cart and /checkout. Country is fixed; payment is COD only. */
export function ShippingFields({ values, errors }: { values: ShippingValues; errors: ShippingErrors }) {
  const paymentId = useId();
  return (
    <div className="grid gap-4">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        defaultValue={values.fullName}
        error={errors.fullName}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          error={errors.phone}
          placeholder="0300 1234567"
        />
      </div>
      <CityField
        city={values.city}
        cityOther={values.cityOther}
        error={errors.city}
        showOther="while-unchosen"
        otherAutoComplete="address-level2"
      />
      <TextField
        label="Shipping Address"
        name="address"
        multiline
        rows={3}
        autoComplete="street-address"
        defaultValue={values.address}
        error={errors.address}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Postal Code"
          name="postalCode"
          inputMode="numeric"
          autoComplete="postal-code"
          required={false}
          defaultValue={values.postalCode}
          error={errors.postalCode}
        />
        <div>
          <p className="field-label">Country</p>
          <p className="field-input bg-stone-50 text-stone-700">Pakistan</p>
        </div>
      </div>
      <div>
        <label htmlFor={paymentId} className="field-label">
          Payment Method
        </label>
        <select id={paymentId} name="paymentMethod" className="field-input" defaultValue="cod">
          <option value="cod">Cash on Delivery</option>
        </select>
      </div>
    </div>
  );
}
