import { setImmediate as nextTurn } from "node:timers/promises";
import { Parser } from "saxen";
import { MAX_XML_TOKEN_CHARS, NotAWorkbook } from "./xlsx-limits.server";

/**
 * What a part's reader hears: elements by their local name (`x:row` is `row`), attributes by theirs
 * with character references decoded (`r='&#49;5'` is r="15"), and text, CDATA included.
 */
export type XmlHandlers = {
  open?: (name: string, attributes: () => Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * Streams a part's bytes through a real XML parser (saxen), chunk by chunk, giving the event loop a
 * turn between chunks so other requests are answered while a large sheet is read. Handlers may
 * throw (a limit reached): reading stops there. Malformed XML is NotAWorkbook.
 */
export async function parseXml(chunks: AsyncIterable<Uint8Array>, handlers: XmlHandlers): Promise<void> {
  const parser = new Parser();
  let sinceToken = 0;
  parser.on("openTag", (name, attributes, decode) => {
    sinceToken = 0;
    handlers.open?.(localName(name), () => localAttributes(attributes(), decode));
  });
  parser.on("closeTag", (name) => {
    sinceToken = 0;
    handlers.close?.(localName(name));
  });
  parser.on("text", (text, decode) => {
    sinceToken = 0;
    handlers.text?.(decode(text));
  });
  parser.on("cdata", (text) => {
    sinceToken = 0;
    handlers.text?.(text);
  });
  parser.on("error", (error) => {
    throw new NotAWorkbook(`xml: ${error.message}`);
  });
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    sinceToken += text.length;
    parser.write(text);
    if (sinceToken > MAX_XML_TOKEN_CHARS) throw new NotAWorkbook("xml token too long");
    await nextTurn();
  }
  parser.write(decoder.decode());
  parser.end();
}

/** `x:row` -> `row`: spreadsheet writers may prefix every element. */
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Attributes by local name (a later one of the same name wins), values decoded; namespace declarations left out. */
function localAttributes(raw: Record<string, string>, decode: (text: string) => string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === "xmlns" || name.startsWith("xmlns:")) continue;
    attributes[localName(name)] = decode(value);
  }
  return attributes;
}
