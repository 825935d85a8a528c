import type { EventMetadata } from './events.ts';
import { userProfileUpdatedV1toV2 } from './users/events.ts';
import { setLoggedV1toV2 } from './workouts/events.ts';

/**
 * One step in an event type's history: its data at one version, made into its data at the next.
 * Pure, and never edited once shipped: the log keeps events in the shape they were written in.
 */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Every change an event type's data went through, by type and the version each step upgrades
 * from. A type not listed is at version 1. To change a shape: add the next step here and write
 * the new shape everywhere (appends stamp the current version); never edit a listed step.
 */
export const upcasters: Readonly<Record<string, Readonly<Record<number, Upcaster>>>> = {
  UserProfileUpdated: { 1: userProfileUpdatedV1toV2 },
  SetLogged: { 1: setLoggedV1toV2 },
};

/** Worked out once per type: every event read asks, and the upcasters never change. */
const currentVersions = new Map<string, number>();

/** The version an event type is written at now: one past its last upcaster. */
export function currentVersion(type: string): number {
  let version = currentVersions.get(type);
  if (version === undefined) {
    const steps = Object.keys(upcasters[type] ?? {}).map(Number);
    version = steps.length === 0 ? 1 : Math.max(...steps) + 1;
    currentVersions.set(type, version);
  }
  return version;
}

type VersionedEvent = { type: string; data: Record<string, unknown>; metadata: EventMetadata };

/**
 * An event as the code of today reads it: written at an older version, its data goes through
 * each upcaster in turn and its metadata names the current version. The event stores apply it
 * to everything they read, so deciders, projections and tools only ever see current shapes.
 */
export function upcast<E extends VersionedEvent>(event: E): E {
  const current = currentVersion(event.type);
  // Events from before versions were recorded count as version 1.
  const written = event.metadata.schemaVersion ?? 1;
  if (written === current) return event;
  if (written > current) {
    throw new Error(`${event.type} is at schema version ${written}, newer than this code's ${current}: upgrade it`);
  }
  let data = event.data;
  for (let version = written; version < current; version++) {
    const step = upcasters[event.type]?.[version];
    if (!step) throw new Error(`No upcaster takes ${event.type} from schema version ${version}`);
    data = step(data);
  }
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
}
