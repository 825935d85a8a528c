import type { BodyWeightEntry } from '@fitness/contracts';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { applyChanges } from '@fitness/contracts/document-changes.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { QueuedCommand } from '../../lib/offline/outbox.ts';
import { type OfflineWrites, queuedWrites } from '../../lib/offline/queued-writes.ts';

/** A day's weigh-in as GET /body-weight lists it. */
export type WeighIn = BodyWeightEntry;

/** The signed-in user's outbox as weigh-ins are written to it without a connection, and what one is named by ("Weigh-in, 80 kg"). */
export type WeighInsOffline = OfflineWrites & { labels: { weighIn(kg: number): string } };

/** A weight as the server records it: to 0.01 kg (command-service's `recordedWeight`). */
const recorded = (kg: number) => Math.round(kg * 100) / 100;

const WEIGH_IN_PATH = /^\/body-weight\/(\d{4}-\d{2}-\d{2})$/;

/** The weigh-ins as they will be once the ones waiting are sent: each day's latest stands. */
function withQueued(weighIns: readonly WeighIn[], commands: readonly QueuedCommand[]) {
  const byDate = new Map(weighIns.map((weighIn) => [weighIn.date, weighIn]));
  for (const command of commands) {
    const date = WEIGH_IN_PATH.exec(command.path)?.[1];
    const weight = (command.body as { weight?: number } | undefined)?.weight;
    if (command.method === 'PUT' && date && typeof weight === 'number')
      byDate.set(date, { date, weight: recorded(weight) });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The first day the history shows: a year ago. */
const firstDay = () => shiftDay(localToday(), -365);

/**
 * The last year of weigh-ins while the profile shows them. A weigh-in, here (its answer) or on
 * another device (pushed), goes into the history as it comes. Without a connection, or while
 * earlier writes wait, a weigh-in goes to the outbox (`writeOffline`) and shows at once: the
 * history shown is the server's with the weigh-ins waiting on top, until the server has them.
 */
export function createWeighIns(api: ApiClient) {
  const state = proxy({ weighIns: null as WeighIn[] | null });
  /** The history as the server last gave it (an answer, with what was pushed or answered since). */
  let server: WeighIn[] | null = null;
  const writes = queuedWrites({
    mine: (command) => WEIGH_IN_PATH.test(command.path),
    readAgain: () => history.refresh(),
    show: () => showHistory(),
  });
  function showHistory() {
    state.weighIns = server && withQueued(server, writes.waiting).filter((weighIn) => weighIn.date >= firstDay());
  }

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
      server = weighIns;
      showHistory();
    },
    answered: api.isOwnWrite,
  });

  /** A day's weigh-in in the history, oldest first; the day's latest stands. */
  function put(weighIn: WeighIn) {
    if (!server || weighIn.date < firstDay()) return;
    const others = server.filter((entry) => entry.date !== weighIn.date);
    server = [...others, { date: weighIn.date, weight: weighIn.weight }].sort((a, b) => a.date.localeCompare(b.date));
    showHistory();
  }

  /** A weigh-in pushed; its id names the user and the day. */
  function patch(notice: ChangeNotice) {
    if (!server) return false;
    const date = notice.id.slice(`${notice.userId}:`.length);
    if (notice.op === 'delete') {
      server = server.filter((entry) => entry.date !== date);
      showHistory();
    } else if (notice.document) put(notice.document as WeighIn);
    else if (notice.changes) {
      const held = server.find((entry) => entry.date === date);
      if (!held) return date < firstDay();
      put(applyChanges(held, notice.changes));
    }
    return true;
  }

  return {
    state,
    /** Weigh-ins go to `to`'s outbox from now on when there is no connection (null: none, on sign-out). */
    writeOffline: (to: WeighInsOffline | null) => writes.follow(to),
    show: () => history.show(),
    /** Records today's weight (kg) and shows the history with it; resolves with the weigh-in. */
    async record(kg: number) {
      const to = writes.target() as WeighInsOffline | null;
      if (to) {
        const date = localToday();
        await writes.queue(to, {
          method: 'PUT',
          path: `/body-weight/${date}`,
          body: { weight: kg },
          label: to.labels.weighIn(recorded(kg)),
          touches: [],
        });
        return { date, weight: recorded(kg) };
      }
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
      writes.clear();
      server = null;
      state.weighIns = null;
    },
  };
}

export type WeighIns = ReturnType<typeof createWeighIns>;
