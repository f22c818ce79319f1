import Papa from "papaparse";

/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF or LF (one of them per file, as a
 * spreadsheet writes it); a field in double quotes may hold commas, line breaks and doubled quotes (`""` is one
 * `"`). The one reader and writer of CSV in the app (the content console's quiz import and export), on PapaParse.
 */

/** The records of `text`, each a list of its fields. A final line break ends the last record; it adds none. */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body === "") return [];
  const { data } = Papa.parse<string[]>(body, { delimiter: ",", quoteChar: '"', escapeChar: '"' });
  // A final line break ends the last record: PapaParse reads an empty record after it.
  if (
    /\r?\n$/.test(body) &&
    data.length > 0 &&
    data[data.length - 1]?.join("") === "" &&
    data.at(-1)?.length === 1
  )
    data.pop();
  return data;
}

/** `records` as CSV text: CRLF between records (and after the last), quotes only where a field needs them. */
export function toCsv(records: readonly (readonly string[])[]): string {
  if (records.length === 0) return "";
  return `${Papa.unparse(records as string[][], { newline: "\r\n", quotes: false, delimiter: "," })}\r\n`;
}
