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

  // The limit is no measurement, it catches the old quadratic reading: every doubled quote
  // rescanned the rest of the field, and this took 40 s to a minute; in one pass it takes well under one.
  it('reads a field of the largest upload made of doubled quotes and line breaks, in one pass', {
    timeout: 15_000,
  }, () => {
    const pairs = 2_500_000;
    const body = `${'""'.repeat(pairs / 2)}\n${'""'.repeat(pairs / 2)}`;
    const records = readCsv(`notes,n\n"${body}",1\n"a""\nb",2\nlast,3\n`, ',');
    assert.equal(records.length, 4);
    assert.equal(records[1]?.fields[0], `${'"'.repeat(pairs / 2)}\n${'"'.repeat(pairs / 2)}`);
    assert.deepEqual(records[2], { line: 4, fields: ['a"\nb', '2'] });
    assert.deepEqual(records[3], { line: 6, fields: ['last', '3'] });
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
