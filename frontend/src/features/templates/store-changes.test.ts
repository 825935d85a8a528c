import assert from 'node:assert/strict';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createTemplates } from './store.ts';

/**
 * How the templates store applies a pushed change, handed to it as the live channel hands it
 * over: a deletion leaves the list as it comes; a template or exercise saved elsewhere reads the
 * list again (the API words it in the reader's language).
 */
describe('templates store: a pushed change applied', () => {
  const devices = secondDevices();

  it('drops a deleted template without a request, and reads again for a saved one or an exercise', async () => {
    const user = await devices.server.register('Robin');
    const device = await devices.open(user.token);
    const templates = createTemplates(device.api);
    templates.show({ category: '', difficulty: '', mine: false });
    const { state } = templates;
    assert.ok(await waitUntil(() => state.templates !== null, 10_000), 'the templates loaded');
    device.requests.length = 0;
    const userId = user.user.id;
    const [first, second] = state.templates ?? [];
    assert.ok(first && second, 'the library has templates');

    await templates.applyChange(aNotice(first.id, 10, { model: 'templates', userId, op: 'delete' }));
    await templates.applyChange(aNotice(first.id, 10, { model: 'templates', userId, op: 'delete' }));
    assert.equal(state.templates?.[0]?.id, second.id, 'the deleted one left the list, once');
    assert.deepEqual(device.requests, []);

    await templates.applyChange(aNotice('saved', 11, { model: 'templates', userId }));
    assert.deepEqual(device.requests.splice(0), ['GET /api/v1/templates'], 'a template saved elsewhere');
    await templates.applyChange(aNotice('custom', 12, { model: 'exercises', userId }));
    assert.deepEqual(device.requests.splice(0), ['GET /api/v1/templates'], 'an exercise a template may name');
    await templates.applyChange(aNotice('meal', 13, { model: 'meals', userId }));
    assert.deepEqual(device.requests, [], 'another model is not theirs');
  });
});
