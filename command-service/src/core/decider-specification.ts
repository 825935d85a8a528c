import assert from 'node:assert/strict';
import type { DomainEvent } from '@fitness/contracts';
import type { Decider } from './command-handler.ts';

/**
 * Given past events, when a command, then these events or this error: a decider test without
 * any store.
 */
export function specification<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          return {
            thenEvents(expected: E[]) {
              assert.deepEqual(decider.decide(command, state), expected);
            },
            thenThrows(error: new (...args: never[]) => Error) {
              assert.throws(() => decider.decide(command, state), error);
            },
          };
        },
      };
    },
  };
}
