import { MAX_COLUMNS, MAX_LINES } from "~/modules/shipping/imports/courier-sheet";

/**
 * The parts of an .xlsx may unpack to this much in all, by their declared sizes, and no part to more
 * than it declares. A portal's 20,000-row report of 20 columns unpacks to about 17 MB.
 */
export const MAX_XLSX_INFLATED_BYTES = 20 * 1024 * 1024;

/** The furthest row a sheet may reach (a file's line limit). */
export const MAX_XLSX_ROW = MAX_LINES;

/**
 * The longest run of XML without a complete tag or text: a cell holds at most 32,767 characters in
 * Excel. The streaming parser keeps an unfinished tag and scans it again with each chunk, so an
 * unclosed 15 MB attribute would otherwise cost minutes.
 */
export const MAX_XML_TOKEN_CHARS = 256 * 1024;

export const XLSX_TOO_BIG = "This Excel file unpacks to more than 20 MB. Please split it into smaller files.";
export const XLSX_TOO_WIDE = `This Excel file's sheet reaches beyond ${MAX_COLUMNS} columns. Please upload the file as your courier's portal gives it.`;
export const XLSX_TOO_LONG = `This Excel file's sheet reaches beyond row ${MAX_XLSX_ROW.toLocaleString("en")}. Please split it into smaller files.`;

/** An archive or part that cannot be read as a workbook: the caller refuses it as "not a CSV or Excel file". */
export class NotAWorkbook extends Error {}
