/**
 * A date in a courier's file as the shop reads it: "YYYY-MM-DD" or "YYYY-MM-DD HH:mm", Pakistan
 * wall-clock time. Pure and browser-safe.
 *
 * Portals write dates many ways: 24/11/2026, 24-11-2026, 24.11.2026, 24-Nov-2026, 24 Nov 2026,
 * Nov 24, 2026, 2026-11-24, 2026-11-24 14:05, 24/11/2026 2:05 PM, ISO times with a zone, and an
 * Excel date left as its serial number (45985, 45985.59). Numeric day and month are read day first,
 * as Pakistan writes them (05/11/2026 is 5 November). A text that is none of these is refused, so
 * the row is a problem rather than dated "now".
 */
export type ParsedCourierDate = { value: string; problem?: undefined } | { value?: undefined; problem: string };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAME = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
// The time after a date: 14:05, 14:05:33, 2:05 PM, 02:05:33 pm; "T" or a space (or ", ") before it.
const TIME = String.raw`(?:(?:\s*,\s*|\s+|T)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`, "i");
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})${TIME}$`, "i");
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[-\s/.]+${MONTH_NAME}\.?[-\s/.,]+(\d{4}|\d{2})${TIME}$`,
  "i",
);
const MONTH_NAME_DAY = new RegExp(String.raw`^${MONTH_NAME}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`, "i");
const WITH_ZONE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?([zZ]|[+-]\d{2}:?\d{2})$/;
const EXCEL_SERIAL = /^(\d{5})(?:\.(\d+))?$/;
// Excel's day 0 (its serials count days from 30 December 1899, in the sheet's own wall-clock time).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const SHOP_OFFSET_MS = 5 * 60 * 60 * 1000;

export function parseCourierDate(text: string): ParsedCourierDate {
  const written = text.trim().replace(/\s+/g, " ");
  const refuse = { problem: `Date "${written}" is not a date` };
  if (written === "") return refuse;

  const zoned = WITH_ZONE.exec(written);
  if (zoned) {
    const instant = new Date(written);
    if (Number.isNaN(instant.getTime())) return refuse;
    return { value: new Date(instant.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ") };
  }
  const serial = EXCEL_SERIAL.exec(written);
  if (serial) {
    const days = Number(written);
    // 1 January 1955 to 31 December 2099: a five-digit number outside is no date a courier sends.
    if (days < 20090 || days > 73050) return refuse;
    const at = new Date(EXCEL_EPOCH_MS + Math.round(days * 24 * 60) * 60_000).toISOString();
    return {
      value:
        serial[2] && /[1-9]/.test(serial[2]) && !at.endsWith("T00:00:00.000Z")
          ? `${at.slice(0, 10)} ${at.slice(11, 16)}`
          : at.slice(0, 10),
    };
  }
  let parts: { year: number; month: number; day: number; time: (string | undefined)[] } | null = null;
  let match: RegExpExecArray | null;
  if ((match = YEAR_FIRST.exec(written)))
    parts = { year: +match[1], month: +match[2], day: +match[3], time: match.slice(4) };
  else if ((match = DAY_FIRST.exec(written)))
    parts = { year: fullYear(match[3]), month: +match[2], day: +match[1], time: match.slice(4) };
  else if ((match = DAY_MONTH_NAME.exec(written)))
    parts = { year: fullYear(match[3]), month: monthOf(match[2]), day: +match[1], time: match.slice(4) };
  else if ((match = MONTH_NAME_DAY.exec(written)))
    parts = { year: +match[3], month: monthOf(match[1]), day: +match[2], time: match.slice(4) };
  if (!parts) return refuse;

  const { year, month, day } = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return refuse;
  const dayText = date.toISOString().slice(0, 10);
  const [hh, mm, , meridiem] = parts.time;
  if (hh === undefined) return { value: dayText };
  let hours = Number(hh);
  const minutes = Number(mm);
  if (meridiem) {
    if (hours < 1 || hours > 12) return refuse;
    const pm = meridiem.toLowerCase().startsWith("p");
    hours = (hours % 12) + (pm ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return refuse;
  const time = `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  // Midnight is how portals write a day without a time ("24/11/2026 00:00:00"): keep it a day.
  return { value: time === "00:00" && !meridiem ? dayText : `${dayText} ${time}` };
}

function fullYear(written: string): number {
  return written.length === 2 ? 2000 + Number(written) : Number(written);
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}
