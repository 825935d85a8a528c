import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateSecrets } from '@fitness/platform/secrets.ts';
import { describe, it } from 'vitest';
import { pushServiceContract } from './push-service.contract.ts';
import { vapidSubject, WebPushService } from './web-push-service.ts';

pushServiceContract('web-push', () => {
  const secrets = loadOrCreateSecrets(mkdtempSync(path.join(os.tmpdir(), 'push-')), {});
  return {
    service: new WebPushService({
      subject: 'mailto:no-reply@localhost',
      publicKey: secrets.vapidPublicKey,
      privateKey: secrets.vapidPrivateKey,
    }),
    vapidPublicKey: secrets.vapidPublicKey,
  };
});

describe('VAPID subject', () => {
  it('is the site’s https origin, else a mailto: of the sender address (push services refuse http)', () => {
    assert.equal(vapidSubject('https://fit.example.com/app', 'a@b.c'), 'https://fit.example.com');
    assert.equal(vapidSubject('http://localhost:3000', 'no-reply@fit.example.com'), 'mailto:no-reply@fit.example.com');
  });
});
