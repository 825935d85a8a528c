import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { omitMembers } from './omit-members.ts';

/** What the cut must equal: the object parsed, without the members, written again. */
function expected(json: string, names: string[]) {
  const value = JSON.parse(json);
  for (const name of names) delete value[name];
  return value;
}

describe('omitMembers', () => {
  const document = {
    id: 'w1',
    user_id: 'u1',
    name: 'Leg "day", {heavy}',
    notes: 'a \\ backslash and a \\"quote\\"',
    done: true,
    none: null,
    n: -1.5e3,
    exercises: [{ id: 'e1', user_id: 'not top level', sets: [{ reps: 5, weight: null }] }],
    nested: { user_id: 'deep', list: [[], {}, '}', ']'] },
    last: 'z',
  };
  const json = JSON.stringify(document);

  it('cuts each named top-level member out, wherever it is, and leaves nested ones', () => {
    for (const names of [
      ['user_id'],
      ['id'],
      ['last'],
      ['id', 'last'],
      ['nested', 'last'],
      ['exercises', 'nested', 'last'],
      ['user_id', 'notes', 'n'],
      Object.keys(document),
      ['absent'],
      ['user_id', 'absent'],
    ]) {
      const cut = omitMembers(json, names);
      assert.deepEqual(JSON.parse(cut), expected(json, names), names.join(', '));
    }
  });

  it('returns the text itself when there is nothing to cut', () => {
    assert.equal(omitMembers(json, []), json);
    assert.equal(omitMembers('{}', ['a']), '{}');
    assert.equal(omitMembers('{"a":1}', ['b']), '{"a":1}');
  });

  it('cuts the only member, the first and the last', () => {
    assert.equal(omitMembers('{"a":1}', ['a']), '{}');
    assert.equal(omitMembers('{"a":1,"b":2,"c":3}', ['a']), '{"b":2,"c":3}');
    assert.equal(omitMembers('{"a":1,"b":2,"c":3}', ['c']), '{"a":1,"b":2}');
    assert.equal(omitMembers('{"a":1,"b":2,"c":3}', ['b', 'c']), '{"a":1}');
    assert.equal(omitMembers('{"a":1,"b":2,"c":3}', ['a', 'b', 'c']), '{}');
  });

  it('takes text with whitespace, or not an object, the long way and still answers rightly', () => {
    assert.deepEqual(JSON.parse(omitMembers('{ "a": 1, "b": [1, 2] }', ['a'])), { b: [1, 2] });
    assert.equal(omitMembers('[1,2]', ['a']), '[1,2]');
  });
});
