import assert from 'node:assert/strict';
import type { RecordedEvent, TemplateEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { templatesProjection } from './templates-projection.ts';

const recorded = (events: TemplateEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: `e${index}`,
    streamId: 'template-t1',
    revision: index,
    position: index + 1,
    recordedAt: '2026-11-21T10:00:00.000Z',
    metadata: {
      actorId: 'u1',
      commandId: `c${index}`,
      correlationId: 'r',
      timestamp: '2026-11-21T10:00:00.000Z',
      schemaVersion: 1,
    },
  }));

const saved: TemplateEvent = {
  type: 'PersonalTemplateSaved',
  data: {
    templateId: 't1',
    userId: 'u1',
    name: 'Leg day',
    category: 'strength',
    difficulty: 'advanced',
    exercises: [{ exerciseId: null, name: 'Sled push', sets: 3, reps: null, duration: null, distance: 20, rest: 120 }],
    savedAt: '2026-11-21T10:00:00.000Z',
  },
};

describe('templates projection', () => {
  it("keeps a personal template, owned by its user, with its exercises' plans", () => {
    const template = foldDocument(templatesProjection, recorded([saved]));
    assert.equal(template?.user_id, 'u1');
    assert.equal(template?.name.ar, 'Leg day');
    assert.deepEqual(template?.exercises[0], saved.data.exercises[0]);
  });
  it('forgets a deleted template', () => {
    const deleted: TemplateEvent = {
      type: 'PersonalTemplateDeleted',
      data: { templateId: 't1', userId: 'u1', deletedAt: '2026-11-21T11:00:00.000Z' },
    };
    assert.equal(foldDocument(templatesProjection, recorded([saved, deleted])), null);
  });
});
