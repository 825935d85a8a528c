import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isAppPath } from './app-path.ts';

describe('isAppPath', () => {
  it('takes the paths of this app', () => {
    for (const path of ['/', '/workouts', '/workouts/1?tab=sets#top', '/meals?date=2026-11-27', '/a%2F%2Fb']) {
      assert.equal(isAppPath(path), true, path);
    }
  });

  it('refuses what a browser would take to another site', () => {
    const elsewhere = [
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\u0000/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      ' /workouts',
      'workouts',
      '',
    ];
    for (const path of elsewhere) assert.equal(isAppPath(path), false, JSON.stringify(path));
  });
});
