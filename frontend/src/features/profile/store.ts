import type { BodyWeightEntry } from '@fitness/contracts';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { applyChanges } from '@fitness/contracts/document-changes.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

/** A day's weigh-in as GET /body-weight lists it. */
export type WeighIn = BodyWeightEntry;

/** The first day the history shows: a year ago. */
const firstDay = () => shiftDay(localToday(), -365);

/**
 * The last year of weigh-ins while the profile shows them. A weigh-in, here (its answer) or on
 * another device (pushed), goes into the history as it comes.
 */
export function createWeighIns(api: ApiClient) {
  const state = proxy({ weighIns: null as WeighIn[] | null });

  const history = liveResource({
    what: 'the weigh-ins',
    fetch: async () => {
      try {
        return (await api.get<{ data: WeighIn[] }>('/body-weight', { query: { from: firstDay() } })).data;
      } catch (error) {
        console.error('Failed to load the weigh-ins', error);
        return [];
      }
    },
    take: (weighIns) => {
      state.weighIns = weighIns;
    },
    answered: api.isOwnWrite,
  });

  /** A day's weigh-in in the history, oldest first; the day's latest stands. */
  function put(weighIn: WeighIn) {
    if (!state.weighIns || weighIn.date < firstDay()) return;
    const others = state.weighIns.filter((entry) => entry.date !== weighIn.date);
    state.weighIns = [...others, { date: weighIn.date, weight: weighIn.weight }].sort((a, b) =>
      a.date.localeCompare(b.date),
    );
  }

  /** A weigh-in pushed; its id names the user and the day. */
  function patch(notice: ChangeNotice) {
    if (!state.weighIns) return false;
    const date = notice.id.slice(`${notice.userId}:`.length);
    if (notice.op === 'delete') state.weighIns = state.weighIns.filter((entry) => entry.date !== date);
    else if (notice.document) put(notice.document as WeighIn);
    else if (notice.changes) {
      const held = state.weighIns.find((entry) => entry.date === date);
      if (!held) return date < firstDay();
      put(applyChanges(held, notice.changes));
    }
    return true;
  }

  return {
    state,
    show: () => history.show(),
    /** Records today's weight (kg) and shows the history with it; resolves with the weigh-in. */
    async record(kg: number) {
      const weighIn = await api.put<WeighIn>(`/body-weight/${localToday()}`, { weight: kg });
      history.apply(() => put(weighIn));
      return weighIn;
    },
    /** A weigh-in this tab recorded through the profile (PATCH /me), shown in the history as answered. */
    took(weighIn: WeighIn) {
      history.apply(() => put(weighIn));
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'body_weight') await history.follow(notice, patch);
    },
    refresh: () => history.refresh(),
    clear() {
      history.clear();
      state.weighIns = null;
    },
  };
}

export type WeighIns = ReturnType<typeof createWeighIns>;
