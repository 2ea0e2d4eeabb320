/**
 * A text cell made safe for spreadsheets: Excel and Sheets run a cell that starts with =, +, - or @
 * (or a tab or carriage return before one) as a formula, so a customer named "=HYPERLINK(...)"
 * could run code on the owner's computer. A leading apostrophe makes it plain text (OWASP's advice).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
