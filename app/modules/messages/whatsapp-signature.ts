/** The header Meta signs each webhook delivery with: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";

const SIGNATURE_FORM = /^sha256=[0-9a-f]{64}$/;

/**
 * Whether a delivery's X-Hub-Signature-256 has the form Meta sends (`sha256=` and 64 lowercase hex
 * digits): a delivery without one could never match, so it is refused before its body is read or the
 * app secret opened. The form says nothing about the signature being right.
 */
export function whatsappSignatureWellFormed(header: string | string[] | null | undefined): header is string {
  return typeof header === "string" && SIGNATURE_FORM.test(header.trim());
}
