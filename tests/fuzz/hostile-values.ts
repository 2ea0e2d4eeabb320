import fc from "fast-check";

/**
 * Hostile values for request fuzzing. `invalidValue` is never acceptable for any field of the shop
 * (wrong type, too long, a NUL byte, a number no field takes); `hostileValue` adds values that may
 * well be accepted (markup, odd but short text), to look for 5xx rather than for refusals.
 */

/** Longer than any text field allows, but inside the 64 KB body limit. */
const hugeString = fc.integer({ min: 6_000, max: 20_000 }).map((n) => "ا".repeat(n / 4) + "x".repeat(n));
/** PostgreSQL refuses NUL in text: a field holding one must be refused, not crash an insert. */
const nulString = fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`);
const badNumber = fc.constantFrom(-1, -0.5, 0.5, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 99999999999);
const badNumericString = fc.constantFrom(
  "-1",
  "1.5",
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "-Infinity",
  "99999999999",
  "0x1F",
  "1_000",
  "١٢",
);
const nested = fc.integer({ min: 20, max: 2_000 }).map((depth) => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype");
const pollution = prototypeKeys.map(
  (key) => JSON.parse(`{"${key}": {"role": "seller", "polluted": true, "isAdmin": true}}`) as unknown,
);
const wrongShape = fc.oneof(
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  nested,
  pollution,
);

// Numeric text ("-1", "NaN", "١٢") is a bad quantity or price but a fair name or description, so it
// is only a hostile value, never one every field must refuse.
export const invalidValue: fc.Arbitrary<unknown> = fc.oneof(hugeString, nulString, badNumber, wrongShape);

const markup = fc.constantFrom(
  "<script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  '=HYPERLINK("http://evil")',
  "'; drop table orders; --",
  "../../etc/passwd",
  "\u202eevil",
  "😀".repeat(40),
  "\uFEFF",
  "\ud800",
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  invalidValue,
  badNumericString,
  markup,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
);

/**
 * The same, as strings: what a form field can carry. No NUL here: the server refuses a form
 * holding one before any action runs (server/body-limit.ts, tested there).
 */
export const invalidText: fc.Arbitrary<string> = fc.oneof(hugeString, badNumericString, fc.constant(""));
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  invalidText,
  markup,
  fc.string({ maxLength: 40 }).map((s) => s.replace(/\0/g, "")),
  fc.integer().map(String),
);

/** Extra fields a client should never be able to set. */
const unknownKey = fc.oneof(
  prototypeKeys,
  fc.constantFrom("role", "userId", "price", "total", "status", "id", "emailVerified", "isAdmin"),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/**
 * A JSON object with some of `fields` set to hostile values and unknown keys mixed in. With
 * `allInvalid`, every known field present is invalid (at least one is present).
 */
export function hostileObject(
  fields: readonly string[],
  { allInvalid = false } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const value = allInvalid ? invalidValue : hostileValue;
  return fc
    .tuple(
      fc.subarray([...fields], { minLength: allInvalid ? 1 : 0 }),
      fc.array(value, { minLength: fields.length, maxLength: fields.length }),
      fc.array(fc.tuple(unknownKey, hostileValue), { maxLength: 3 }),
    )
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = {};
      for (const [key, v] of extra)
        Object.defineProperty(body, key, { value: v, enumerable: true, writable: true, configurable: true });
      chosen.forEach((key, i) => (body[key] = values[i]));
      return body;
    });
}

/** A request body as bytes: JSON of a hostile object, broken JSON, or invalid UTF-8. */
export function hostileJsonBody(
  fields: readonly string[],
  options: { allInvalid?: boolean } = {},
): fc.Arbitrary<{ body: Uint8Array<ArrayBuffer> | string; label: string }> {
  const json = hostileObject(fields, options).map((o) => ({ body: JSON.stringify(o), label: "json" }));
  if (options.allInvalid) return json;
  const broken = fc
    .oneof(
      fc.constantFrom("", "null", "[]", '"text"', "42", "{", '{"a":', "[".repeat(5_000), '{"a":1,"a":2}'),
      fc.string({ maxLength: 50 }),
    )
    .map((body) => ({ body, label: "broken" }));
  const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
    body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, ...bytes, 0x22, 0x7d]),
    label: "invalid-utf8",
  }));
  return fc.oneof(
    { weight: 4, arbitrary: json },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: invalidUtf8 },
  );
}

/** Form fields: some of `fields` with hostile text, unknown and repeated keys mixed in. */
export function hostileForm(
  fields: readonly string[],
  fixed: Record<string, fc.Arbitrary<string>> = {},
  { allInvalid = false } = {},
): fc.Arbitrary<[string, string][]> {
  const text = allInvalid ? invalidText : hostileText;
  const fixedEntries = Object.entries(fixed);
  return fc
    .tuple(
      fc.subarray([...fields], { minLength: allInvalid ? 1 : 0 }),
      fc.array(text, { minLength: fields.length, maxLength: fields.length }),
      fc.tuple(...fixedEntries.map(([, arb]) => arb)),
      fc.array(fc.tuple(fc.oneof(unknownKey, fc.constantFrom(...(fields.length ? fields : ["x"]))), hostileText), {
        maxLength: 3,
      }),
    )
    .map(([chosen, values, fixedValues, extra]) => [
      ...fixedEntries.map(([key], i) => [key, fixedValues[i]] as [string, string]),
      ...chosen.map((key, i) => [key, values[i]] as [string, string]),
      ...extra,
    ]);
}

/** A path parameter: ids of the wrong form, traversal, NUL, huge. */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1.5",
    "99999999999",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "null",
    "undefined",
    "__proto__",
    "constructor",
    "00000000-0000-0000-0000-000000000000",
    "ORD-000000",
    "' or 1=1 --",
  ),
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 200, max: 5_000 }).map((n) => "a".repeat(n)),
);

/** A query string with hostile values for the given parameters, some repeated. */
export function hostileQuery(params: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...params),
        fc.oneof(hostileText, fc.constantFrom("99999999999", "-5", "2.5", "1e400", "0", "51", "abc")),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => {
      const search = new URLSearchParams();
      for (const [k, v] of pairs) search.append(k, v.slice(0, 2_000));
      return search.toString();
    });
}
