import { MalformedCsv } from './errors.ts';

/** One record of a CSV file and the line it starts on (1-based), which is what users see in an editor. */
export type CsvRecord = { line: number; fields: string[] };

/**
 * Reads RFC 4180 CSV: fields separated by `delimiter`, records by CRLF or LF, fields in double
 * quotes may hold separators, line breaks and doubled quotes (`""`). A leading byte order mark
 * is dropped. Blank lines are not records. Stops after `maxRecords` records, so a caller that
 * only needs the header, or enforces a row limit, never reads a huge file to the end.
 *
 * Written here rather than taken from a package: the two exports we read need nothing beyond
 * the RFC, and these forty lines are covered by tests.
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
        // A quoted field runs to the next quote that is not doubled.
        index += 1;
        for (;;) {
          const quote = text.indexOf('"', index);
          if (quote < 0) throw new MalformedCsv(start, 'a quoted field is never closed');
          field += text.slice(index, quote);
          line += countLineBreaks(text, index, quote);
          index = quote + 1;
          if (text[index] !== '"') break;
          field += '"';
          index += 1;
        }
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

function countLineBreaks(text: string, from: number, to: number) {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}
