import { shiftDay } from '@fitness/contracts/calendar.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';

export type WeighIn = { date: string; weight: number };

/** The last year of weigh-ins while the profile shows them; another device's weigh-in reloads them. */
export function createWeighIns(api: ApiClient) {
  const state = proxy({ weighIns: null as WeighIn[] | null });

  async function load() {
    try {
      const from = shiftDay(localToday(), -365);
      state.weighIns = (await api.get<{ data: WeighIn[] }>('/body-weight', { query: { from } })).data;
    } catch (error) {
      console.error('Failed to load the weigh-ins', error);
      state.weighIns = [];
    }
  }

  const screens = shownCount(load, 'the weigh-ins');

  return {
    state,
    show: () => screens.show(),
    /** Records today's weight (kg) and shows the history with it. */
    async record(kg: number) {
      await api.put(`/body-weight/${localToday()}`, { weight: kg });
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      // This tab reloads after its own weigh-ins.
      if (!screens.shown || api.isOwnWrite(notice.correlationId)) return;
      if (notice.model === 'body_weight') await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      state.weighIns = null;
    },
  };
}

export type WeighIns = ReturnType<typeof createWeighIns>;
