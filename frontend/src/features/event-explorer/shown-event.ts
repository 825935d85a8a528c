import type { Snapshot } from 'valtio';
import type { EventExplorerStore } from './store.ts';

/** An event as the explorer's panels show it (a snapshot of the store's). */
export type ShownEvent = Snapshot<EventExplorerStore['state']>['events'][number];

/** An event's time as the explorer shows it, to the second. */
export function dateTime(iso: string, locale: string) {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
