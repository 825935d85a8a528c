import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { passwordWeakness, WEAK_PASSWORD_MESSAGE } from './password-policy.ts';

describe('password policy', () => {
  it('refuses what guessing attacks try first', () => {
    for (const password of [
      '        ',
      '12345678',
      'Password1',
      'PASSWORD',
      'qwertyuiop',
      'iloveyou!',
      'aaaaaaaa',
      '12121212',
      'abababab',
    ]) {
      assert.equal(passwordWeakness(password), WEAK_PASSWORD_MESSAGE, password);
    }
  });
  it("refuses the account's own email or name", () => {
    const account = { email: 'robin.runner@example.com', name: 'Robin Runner' };
    for (const password of [
      'robin.runner@example.com',
      'robin.runner',
      'Robin Runner',
      'robinrunner',
      'RobinRunner1!',
      'robin.runner2026',
    ]) {
      assert.equal(passwordWeakness(password, account), WEAK_PASSWORD_MESSAGE, password);
    }
  });
  it('lets ordinary passwords and passphrases through', () => {
    for (const password of ['correct horse', 'battery staple', 'Tr0ub4dor&3', 'new secret ar', 'كلمة سر طويلة']) {
      assert.equal(passwordWeakness(password, { email: 'robin@example.com', name: 'Robin' }), null, password);
    }
  });
});
