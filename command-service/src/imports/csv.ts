import { MalformedCsv } from './errors.ts';

/** One record of a CSV file and the line it starts on (1-based), which is what users see in an editor. */
export type CsvRecord = { line: number; fields: string[] };

const LF = 10;
const QUOTE = 34;

/**
 * Reads RFC 4180 CSV: fields separated by `delimiter`, records by CRLF or LF, fields in double
 * quotes may hold separators, line breaks and doubled quotes (`""`). A leading byte order mark
 * is dropped. Blank lines are not records. Stops after `maxRecords` records, so a caller that
 * only needs the header, or enforces a row limit, never reads a huge file to the end.
 *
 * Written here rather than taken from a package: the two exports we read need nothing beyond
 * the RFC, and these lines are covered by tests. Reading is one pass over the text: a field's
 * cost is its length, whatever it holds.
 */
export function readCsv(text: string, delimiter: ',' | ';', maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const records: CsvRecord[] = [];
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (index < text.length && records.length < maxRecords) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[index] === '"') {
        // A quoted field runs to the next quote that is not doubled. One pass over it, counting
        // line breaks on the way, so its cost is its length however many quotes it doubles.
        const from = index + 1;
        let doubled = false;
        for (index = from; ; index += 1) {
          if (index >= text.length) throw new MalformedCsv(start, 'a quoted field is never closed');
          const code = text.charCodeAt(index);
          if (code === LF) line += 1;
          else if (code === QUOTE) {
            if (text.charCodeAt(index + 1) !== QUOTE) break;
            doubled = true;
            index += 1;
          }
        }
        field = doubled ? undoubleQuotes(text, from, index) : text.slice(from, index);
        index += 1;
        if (index < text.length && text[index] !== delimiter && text[index] !== '\r' && text[index] !== '\n') {
          throw new MalformedCsv(line, 'a closing quote must be followed by a separator or the end of the line');
        }
      } else {
        let end = index;
        while (end < text.length && text[end] !== delimiter && text[end] !== '\r' && text[end] !== '\n') end += 1;
        field = text.slice(index, end);
        index = end;
      }
      fields.push(field);
      if (text[index] !== delimiter) break;
      index += 1;
    }
    // The record ends at a line break (CRLF or LF) or at the end of the text.
    if (text[index] === '\r') index += 1;
    if (text[index] === '\n') index += 1;
    line += 1;
    if (fields.length > 1 || fields[0] !== '') records.push({ line: start, fields });
  }
  return records;
}

/** How many characters go to one `String.fromCharCode` call (its arguments live on the stack). */
const CHUNK = 8192;

/**
 * The text from `from` to `to` with each doubled quote made one. Through char codes because
 * `replaceAll('""', '"')` spends a quarter of a second on a field of millions of them.
 */
function undoubleQuotes(text: string, from: number, to: number) {
  const codes = new Uint16Array(to - from);
  let length = 0;
  for (let i = from; i < to; i += 1) {
    const code = text.charCodeAt(i);
    codes[length] = code;
    length += 1;
    if (code === QUOTE) i += 1;
  }
  let field = '';
  for (let i = 0; i < length; i += CHUNK) {
    // apply, not spread: spreading a typed array goes through its iterator, several times slower.
    field += String.fromCharCode.apply(null, codes.subarray(i, Math.min(i + CHUNK, length)) as unknown as number[]);
  }
  return field;
}

/**
 * The separator of the first line (outside quotes), semicolons when it has more of them than
 * commas: exports from locales that write decimal commas (German, French, ...) separate by
 * semicolons, and their header may quote every name ("Weight (kg)"), which read with the
 * wrong separator is not even valid CSV. Column names of either app hold neither character.
 */
export function headerDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let started = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') {
      // Blank lines before the header are skipped, as the reader skips them.
      if (started) break;
      continue;
    } else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
    started = true;
  }
  return semicolons > commas ? ';' : ',';
}
