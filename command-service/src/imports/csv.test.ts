import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { readCsv } from './csv.ts';
import { MalformedCsv } from './errors.ts';

const fields = (text: string, delimiter: ',' | ';' = ',') => readCsv(text, delimiter).map((record) => record.fields);

describe('reading CSV (RFC 4180)', () => {
  it('splits records on LF and CRLF, with or without a final line break', () => {
    assert.deepEqual(fields('a,b\n1,2\n'), [
      ['a', 'b'],
      ['1', '2'],
    ]);
    assert.deepEqual(fields('a,b\r\n1,2'), [
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps separators, line breaks and doubled quotes inside quoted fields', () => {
    assert.deepEqual(fields('name,notes\r\n"Bench Press (Barbell)","felt ""easy"", then\r\nnot"\r\n'), [
      ['name', 'notes'],
      ['Bench Press (Barbell)', 'felt "easy", then\r\nnot'],
    ]);
  });

  it('keeps empty fields, also at the end of a record', () => {
    assert.deepEqual(fields('a,,c,\n,,,\n'), [
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
    assert.deepEqual(fields('"",x\n'), [['', 'x']]);
  });

  it('drops a byte order mark and blank lines', () => {
    assert.deepEqual(fields('\uFEFFDate;Reps\n\n2026-11-21;5\n\r\n', ';'), [
      ['Date', 'Reps'],
      ['2026-11-21', '5'],
    ]);
  });

  it('numbers each record by the line it starts on, counting line breaks inside quotes', () => {
    const records = readCsv('h\n"two\nlines"\n\nlast\n', ',');
    assert.deepEqual(
      records.map((record) => record.line),
      [1, 2, 5],
    );
  });

  it('stops after the records asked for', () => {
    assert.deepEqual(
      readCsv('a\nb\nc\n', ',', 2).map((record) => record.fields),
      [['a'], ['b']],
    );
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    assert.throws(
      () => readCsv('a,b\n1,"open\n2,3\n', ','),
      (error) => error instanceof MalformedCsv && /line 2, a quoted field is never closed/.test(error.message),
    );
    assert.throws(
      () => readCsv('a,b\n"x"y,1\n', ','),
      (error) => error instanceof MalformedCsv && error.kind === 'validation' && /line 2/.test(error.message),
    );
  });
});
