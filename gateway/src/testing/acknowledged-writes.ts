/**
 * What a client may expect to read back after crashes: every write the server acknowledged, and
 * the few whose answer was lost to a kill. Records are named by a tag the client put in them (a
 * workout's name, a set's notes, a meal entry's name), so a record is recognised whatever id it
 * got, and a copy made by a repeated request shows up as the same tag twice.
 */

/** A write answered 2xx is there (or gone, for a delete); one whose answer was lost may be either. */
type Presence = 'present' | 'absent' | 'maybe';

type RecordKind =
  | 'exercise'
  | 'food'
  | 'workout'
  | 'workout-exercise'
  | 'set'
  | 'meal'
  | 'meal-entry'
  | 'water'
  | 'weight';

type Expected = {
  kind: RecordKind;
  tag: string;
  /** The id the server answered with; null when the answer was lost or carries none. */
  id: string | null;
  presence: Presence;
  /** The tag of the record it lives in (a set's exercise or workout); deleting that deletes it. */
  parent: string | null;
  /** A value the record must read back with (a meal entry's calories, a weigh-in's kilograms). */
  value?: number;
  /** The status a workout must read back with (an acknowledged import is completed). */
  status?: string;
};

/** A record as the API reads it back. */
export type Observed = Omit<Expected, 'presence'>;

export type NewRecord = Omit<Expected, 'presence' | 'id'>;

export class AcknowledgedWrites {
  private readonly records = new Map<string, Expected>();
  /** The highest X-Event-Position any acknowledged write answered with. */
  highestPosition = 0;

  acknowledged(position: string | null) {
    this.highestPosition = Math.max(this.highestPosition, Number(position ?? 0));
  }

  /** An acknowledged create: it must be there, with this id. */
  created(record: NewRecord, id: string | null) {
    this.assertNew(record.tag);
    this.records.set(record.tag, { ...record, id, presence: 'present' });
  }

  /** A create whose answer was lost and that was never retried: there at most once, or not at all. */
  unsure(record: NewRecord) {
    this.assertNew(record.tag);
    this.records.set(record.tag, { ...record, id: null, presence: 'maybe' });
  }

  /** An acknowledged delete: gone, with everything in it. */
  deleted(tag: string) {
    this.known(tag).presence = 'absent';
  }

  /** A delete whose answer was lost and that was never retried. */
  maybeDeleted(tag: string) {
    const record = this.known(tag);
    if (record.presence === 'present') record.presence = 'maybe';
  }

  /** How many records must be there, for the report. */
  get presentCount() {
    return [...this.records.keys()].filter((tag) => this.effective(tag) === 'present').length;
  }

  /**
   * Every way what was read back differs from what was acknowledged: an acknowledged record
   * missing or under another id or value, a deleted one still there, one there twice, one
   * nobody wrote. Empty when all is well.
   */
  differences(observed: Observed[]): string[] {
    const problems: string[] = [];
    const byTag = new Map<string, Observed[]>();
    const byId = new Map<string, number>();
    for (const record of observed) {
      byTag.set(record.tag, [...(byTag.get(record.tag) ?? []), record]);
      if (record.id !== null)
        byId.set(`${record.kind}:${record.id}`, (byId.get(`${record.kind}:${record.id}`) ?? 0) + 1);
    }
    for (const [id, count] of byId) if (count > 1) problems.push(`${id} is there ${count} times`);
    for (const [tag, copies] of byTag) {
      if (copies.length > 1) problems.push(`${tag} is there ${copies.length} times`);
      if (!this.records.has(tag)) problems.push(`${tag} is there though nobody wrote it`);
    }
    for (const [tag, expected] of this.records) {
      const presence = this.effective(tag);
      const found = byTag.get(tag)?.[0];
      if (presence === 'present' && !found) problems.push(`${expected.kind} ${tag} was acknowledged and is lost`);
      if (presence === 'absent' && found) problems.push(`${expected.kind} ${tag} was deleted and is still there`);
      if (!found) continue;
      if (found.kind !== expected.kind) problems.push(`${tag} reads back as a ${found.kind}, not a ${expected.kind}`);
      if (found.parent !== expected.parent) problems.push(`${tag} is in ${found.parent}, not in ${expected.parent}`);
      if (presence !== 'present') continue;
      if (expected.id !== null && found.id !== expected.id)
        problems.push(`${tag} reads back as ${found.id}, acknowledged as ${expected.id}`);
      if (expected.value !== undefined && found.value !== expected.value)
        problems.push(`${tag} reads back with ${found.value}, acknowledged with ${expected.value}`);
      if (expected.status !== undefined && found.status !== expected.status)
        problems.push(`${tag} reads back ${found.status}, acknowledged ${expected.status}`);
    }
    return problems;
  }

  /** A record's presence together with its containers': gone with them, uncertain with them. */
  private effective(tag: string): Presence {
    let presence: Presence = 'present';
    for (
      let record = this.records.get(tag);
      record;
      record = record.parent ? this.records.get(record.parent) : undefined
    ) {
      if (record.presence === 'absent') return 'absent';
      if (record.presence === 'maybe') presence = 'maybe';
    }
    return presence;
  }

  private known(tag: string) {
    const record = this.records.get(tag);
    if (!record) throw new Error(`No write made ${tag}`);
    return record;
  }

  private assertNew(tag: string) {
    if (this.records.has(tag)) throw new Error(`Two writes use the tag ${tag}`);
  }
}
