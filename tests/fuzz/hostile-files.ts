import { crc32, deflateSync } from "node:zlib";
import fc from "fast-check";
import { portalXlsx, xlsxParts, zipOf, type ZipPart } from "~/integrations/couriers/file-portal/portal-stand-in";

/**
 * Hostile files for every upload path (courier files, cost files, product and return photos): ZIP
 * bombs, workbooks that reach far, nest deep or never close a tag, CSVs of empty lines or one huge
 * line, images whose header claims billions of pixels, and each posted under a name and type that
 * lie about what it is. Each is at most 5 MB (what the upload forms take), and the server must
 * refuse or read each without a 5xx, a crash, or more memory than its limits allow.
 */
export type HostileFile = { what: string; name: string; type: string; bytes: Uint8Array };

const MB = 1024 * 1024;
const text = (s: string) => new TextEncoder().encode(s);
const SHEET = "xl/worksheets/sheet1.xml";

async function workbook(): Promise<ZipPart[]> {
  return [
    ...xlsxParts(
      await portalXlsx([
        ["CN", "Status"],
        ["X1", "Delivered"],
      ]),
    ),
  ].map(([name, content]) => ({ name, content }));
}

/** The portal's two-row workbook with its sheet's <sheetData> replaced. */
async function sheetWith(sheetData: string, extra: ZipPart[] = []): Promise<Uint8Array> {
  const parts = (await workbook()).map((p) =>
    p.name === SHEET ? { ...p, content: (p.content as string).replace(/<sheetData>.*<\/sheetData>/s, sheetData) } : p,
  );
  return zipOf([...parts, ...extra]);
}

/** A PNG whose header says width x height, with a few bytes of pixels: decoders that trust the header allocate the canvas. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    Buffer.from(data).copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", new Uint8Array()),
  ]);
}

let corpus: Promise<HostileFile[]> | null = null;

/** The corpus, made once per test file (some files take a moment to write). */
export function hostileFiles(): Promise<HostileFile[]> {
  corpus ??= makeCorpus();
  return corpus;
}

async function makeCorpus(): Promise<HostileFile[]> {
  const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const parts = await workbook();
  const good = zipOf(parts);
  const files: HostileFile[] = [
    // ZIP bombs: parts that say they unpack past the limit, and a part that lies about its size.
    {
      what: "zip bomb (24 MB of zeros declared)",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf([...parts, { name: "xl/media/pad.xml", content: new Uint8Array(24 * MB) }]),
    },
    {
      what: "zip bomb (a sheet that inflates past what it declares)",
      name: "report.xlsx",
      type: xlsx,
      bytes: lyingPart(parts, SHEET, 60 * MB),
    },
    {
      what: "shared strings bomb (past the limit)",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf(
        parts.map((p) =>
          p.name === "xl/sharedStrings.xml"
            ? { ...p, content: `<sst>${"<si><t>ab</t></si>".repeat(1_400_000)}</sst>` }
            : p,
        ),
      ),
    },
    {
      what: "shared strings bomb (a million strings within the limit)",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf(
        parts.map((p) =>
          p.name === "xl/sharedStrings.xml"
            ? {
                ...p,
                content: `<sst><si><t>CN</t></si><si><t>Status</t></si><si><t>X1</t></si><si><t>Delivered</t></si>${"<si><t>ab</t></si>".repeat(1_000_000)}</sst>`,
              }
            : p,
        ),
      ),
    },
    {
      what: "huge dimension",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(
        '<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>CN</t></is></c></row></sheetData>',
      ),
    },
    {
      what: "a row a million down (single quotes)",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(
        "<sheetData><row r='1048576'><c r='A1048576' t='inlineStr'><is><t>x</t></is></c></row></sheetData>",
      ),
    },
    {
      what: "a cell in column XFD",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith('<sheetData><row r="2"><c r="XFD2" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'),
    },
    {
      what: "25,001 empty rows",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(`<sheetData>${"<row/>".repeat(25_001)}</sheetData>`),
    },
    {
      what: "20,000 rows each reaching column 200",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(
        `<sheetData><row><c t="inlineStr"><is><t>CN</t></is></c><c t="inlineStr"><is><t>Status</t></is></c></row>${Array.from(
          { length: 20_000 },
          (_, i) =>
            `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>X${i}</t></is></c><c r="GR${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`,
        ).join("")}</sheetData>`,
      ),
    },
    {
      what: "elements nested a million deep",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(`<sheetData>${"<a>".repeat(1_000_000)}${"</a>".repeat(1_000_000)}</sheetData>`),
    },
    {
      what: "an attribute never closed (15 MB)",
      name: "report.xlsx",
      type: xlsx,
      bytes: await sheetWith(`<sheetData><row r="${"1".repeat(15 * MB)}`),
    },
    {
      what: "an entry the directory does not list",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf([
        ...parts,
        {
          name: SHEET,
          content: `<worksheet><sheetData><row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`,
          localOnly: true,
        },
      ]),
    },
    {
      what: "a local header declaring 2 GB",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf(parts.map((p) => (p.name === SHEET ? { ...p, localSize: 0x7fffffff } : p))),
    },
    {
      what: "two entries of one name",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf([...parts, ...parts.filter((p) => p.name === SHEET)]),
    },
    { what: "truncated .xlsx", name: "report.xlsx", type: xlsx, bytes: good.subarray(0, Math.floor(good.length / 2)) },
    {
      what: "a ZIP that is no workbook",
      name: "report.xlsx",
      type: xlsx,
      bytes: zipOf([{ name: "word/document.xml", content: "<w:document/>" }]),
    },
    // CSVs.
    {
      what: "CSV of empty lines (just under 5 MB)",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status\nX1,Delivered\n${"\n".repeat(5 * MB - 40)}`),
    },
    {
      what: "CSV of lines of empty cells",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status\nX1,Delivered\n${",\r\n".repeat(Math.floor((5 * MB - 40) / 3))}`),
    },
    { what: "CSV of one 5 MB line", name: "report.csv", type: "text/csv", bytes: text("x".repeat(5 * MB - 10)) },
    {
      what: "CSV of 4 million columns",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status\nX1${",".repeat(4_000_000)}Delivered\n`),
    },
    {
      what: "CSV with a quote never closed",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status\nX1,"Delivered${"x".repeat(MB)}\n`),
    },
    {
      what: "CSV of 20,000 rows of 200 columns",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status${",C".repeat(198)}\n${`X1,Delivered${",".repeat(197)}x\n`.repeat(20_000)}`),
    },
    {
      what: "CSV of 30,000 rows",
      name: "report.csv",
      type: "text/csv",
      bytes: text(`CN,Status\n${"X1,Delivered\n".repeat(30_000)}`),
    },
    {
      what: "UTF-16 text",
      name: "report.csv",
      type: "text/csv",
      bytes: new Uint8Array(Buffer.from(`\uFEFFCN,Status\nX1,Delivered\n`, "utf16le")),
    },
    // Images.
    {
      what: "PNG claiming 60,000 x 60,000 pixels",
      name: "photo.png",
      type: "image/png",
      bytes: pngClaiming(60_000, 60_000),
    },
    {
      what: "SVG of 100,000 x 100,000",
      name: "photo.svg",
      type: "image/svg+xml",
      bytes: text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%"/></svg>',
      ),
    },
    { what: "truncated PNG", name: "photo.png", type: "image/png", bytes: pngClaiming(400, 400).subarray(0, 40) },
    {
      what: "random bytes",
      name: "photo.jpg",
      type: "image/jpeg",
      bytes: new Uint8Array(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
    },
    { what: "empty file", name: "empty.csv", type: "text/csv", bytes: new Uint8Array() },
  ];
  // Every file also under another name and type: the server goes by the bytes.
  const liars = files
    .slice(0, 6)
    .map((f) => ({ ...f, what: `${f.what}, named as a photo`, name: "photo.jpg", type: "image/jpeg" }));
  const photosAsReports = files
    .filter((f) => f.type.startsWith("image/"))
    .map((f) => ({ ...f, what: `${f.what}, named as a report`, name: "report.csv", type: "text/csv" }));
  return [...files, ...liars, ...photosAsReports];
}

/** The workbook with `name` deflated from `inflated` bytes of zeros while both headers declare its true size. */
function lyingPart(parts: ZipPart[], name: string, inflated: number): Uint8Array {
  const honest = zipOf(parts);
  const bomb = zipOf(parts.map((p) => (p.name === name ? { ...p, content: new Uint8Array(inflated) } : p)));
  // Same layout but the bomb's data: swap the sizes back to the honest part's so the directory undersells it.
  const honestParts = readEntries(honest);
  const bombParts = readEntries(bomb);
  const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
  const b = bombParts.get(name)!;
  const h = honestParts.get(name)!;
  for (const at of [b.local + 22, b.central + 24]) view.setUint32(at, h.size, true);
  for (const at of [b.local + 14, b.central + 16]) view.setUint32(at, h.crc, true);
  return bomb;
}

function readEntries(bytes: Uint8Array): Map<string, { local: number; central: number; size: number; crc: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  const out = new Map<string, { local: number; central: number; size: number; crc: number }>();
  let at = view.getUint32(end + 16, true);
  for (let i = 0, count = view.getUint16(end + 10, true); i < count; i++) {
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    out.set(name, {
      local: view.getUint32(at + 42, true),
      central: at,
      size: view.getUint32(at + 24, true),
      crc: view.getUint32(at + 16, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

/** One of the corpus, or one of its bytes flipped or cut short: what a fuzzer feeds an upload. */
export function hostileFile(files: HostileFile[]): fc.Arbitrary<HostileFile> {
  const pick = fc.constantFrom(...files);
  const damaged = fc.tuple(pick, fc.nat(), fc.nat({ max: 255 }), fc.boolean()).map(([file, at, byte, cut]) => {
    if (file.bytes.length === 0) return file;
    const bytes = cut ? file.bytes.slice(0, at % file.bytes.length) : Uint8Array.from(file.bytes);
    if (!cut) bytes[at % bytes.length] = byte;
    return { ...file, what: `${file.what}, ${cut ? "cut short" : "one byte changed"}`, bytes };
  });
  return fc.oneof({ weight: 3, arbitrary: pick }, { weight: 1, arbitrary: damaged });
}
