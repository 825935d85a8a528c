import assert from 'node:assert/strict';
import { createInstance } from 'i18next';
import { describe, it } from 'vitest';
import ar from '../locales/ar.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { ApiError } from './api-client.ts';
import { tooManyAttempts, waitText } from './refusals.ts';

async function translator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { translation: en }, de: { translation: de }, ar: { translation: ar } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('how long to wait, in the reader’s words', () => {
  it('says seconds, then minutes, then hours, rounded up', () => {
    assert.equal(waitText(1, 'en'), '1 second');
    assert.equal(waitText(45, 'en'), '45 seconds');
    assert.equal(waitText(61, 'en'), '2 minutes');
    assert.equal(waitText(900, 'en'), '15 minutes');
    assert.equal(waitText(3601, 'en'), '2 hours');
    assert.equal(waitText(120, 'de'), '2 Minuten');
  });

  it('turns a 429 into a translated message with the server’s Retry-After', async () => {
    const refused = new ApiError(
      429,
      'Too many wrong passwords for this account. Please try again in 64 seconds.',
      null,
      64,
    );
    assert.equal(
      tooManyAttempts(await translator('en'), refused, 'en'),
      'Too many attempts. Please try again in 2 minutes.',
    );
    assert.equal(
      tooManyAttempts(await translator('de'), refused, 'de'),
      'Zu viele Versuche. Bitte versuche es in 2 Minuten erneut.',
    );
    const arabic = tooManyAttempts(await translator('ar'), refused, 'ar');
    assert.ok(!/[A-Za-z]/.test(arabic), `no English in the Arabic message: ${arabic}`);
    const unsaid = new ApiError(429, 'Too many requests.', null, null);
    assert.equal(
      tooManyAttempts(await translator('en'), unsaid, 'en'),
      'Too many attempts. Please wait a little and try again.',
    );
  });
});
