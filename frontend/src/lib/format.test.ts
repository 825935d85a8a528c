import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { formatRelative } from './format.ts';

describe('relative times', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    assert.equal(formatRelative(ago(0.2), 'en', now), 'this minute');
    assert.equal(formatRelative(ago(5), 'en', now), '5 minutes ago');
    assert.equal(formatRelative(ago(90), 'en', now), '1 hour ago');
    assert.equal(formatRelative(ago(60 * 24 * 2), 'en', now), '2 days ago');
    assert.equal(formatRelative(ago(60 * 24 * 15), 'en', now), '2 weeks ago');
    assert.equal(formatRelative(ago(60 * 24 * 400), 'en', now), 'last year');
  });
  it('speaks the locale and the future', () => {
    assert.equal(formatRelative(ago(60 * 24 * 2), 'de', now), 'vorgestern');
    assert.equal(formatRelative(ago(-60 * 24 * 30), 'en', now), 'in 4 weeks');
  });
});
