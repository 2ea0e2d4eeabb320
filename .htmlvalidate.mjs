/**
 * html-validate over the HTML the server renders (tests/e2e/html-validate.spec.ts checks every page).
 * The recommended rules, plus the ones for whole documents (heading order, doctype, labels, references).
 * Only rules about how the markup is spelled are off, each for the reason beside it; a rule that finds
 * a real defect stays on and the markup is fixed instead.
 */
export default {
  root: true,
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    // React writes attributes in their DOM-property case (charSet, srcSet, fetchPriority, imageSrcSet).
    // HTML attribute names are case-insensitive: the same attributes, spelled differently.
    "attr-case": "off",
    // React closes void elements as <meta/>, <img/>, <input/>: valid HTML, the serializer's spelling.
    "void-style": "off",
    // React writes boolean attributes with an empty value (hidden="", download="", async=""), which HTML
    // reads exactly as the bare attribute.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // useId() gives ids like "_R_1ab_". HTML allows any id without spaces; the strict mode only adds the
    // style preference that ids start with a letter. Relaxed still fails empty or spaced ids.
    "valid-id": ["error", { relaxed: true }],
    // The phone number in the footer is written with plain spaces: whether it may wrap at a space is
    // typography, not validity.
    "tel-non-breaking": "off",
    // The few style attributes are deliberate: widths computed from data (the dashboard's revenue bars)
    // and the contact form's spam trap, kept off screen even if the stylesheet does not load.
    "no-inline-style": "off",
    // A group of checkboxes sharing a name (the orders list's "select for bulk move" boxes, read with
    // FormData.getAll) is what checkboxes are for, like radios; every other control's name stays unique.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // Subresource integrity guards files served by another origin (a CDN). The shop's stylesheet and
    // scripts come from its own origin with the page itself, which they could not be more trusted than;
    // anything from elsewhere still needs an integrity hash.
    "require-sri": ["error", { target: "crossorigin" }],
  },
};
