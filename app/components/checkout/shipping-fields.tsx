import { useId } from "react";
import { CityField } from "~/components/ui/city-field";
import { TextField } from "~/components/ui/text-field";

import type { ShippingFormErrors, ShippingFormValues } from "~/modules/checkout/checkout-schema";

export type ShippingValues = ShippingFormValues;
export type ShippingErrors = ShippingFormErrors;

/**
 * The checkout form's fields, shared by /cart and /checkout. Country is fixed; the payment method is
 * Cash on Delivery, or Pay online now when the shop offers a gateway (`payment`).
 */
export function ShippingFields({
  values,
  errors,
  payment,
}: {
  values: ShippingValues;
  errors: ShippingErrors;
  payment?: { online: boolean; method: string; onMethod: (method: string) => void };
}) {
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
        {payment?.online ? (
          <select
            id={paymentId}
            name="paymentMethod"
            className="field-input"
            value={payment.method}
            onChange={(e) => payment.onMethod(e.target.value)}
          >
            <option value="cod">Cash on Delivery</option>
            <option value="online">Pay online now</option>
          </select>
        ) : (
          <select id={paymentId} name="paymentMethod" className="field-input" defaultValue="cod">
            <option value="cod">Cash on Delivery</option>
          </select>
        )}
      </div>
    </div>
  );
}
