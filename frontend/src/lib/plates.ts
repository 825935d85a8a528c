import type { ClientSettings } from '@fitness/contracts/users/client-settings.ts';

/**
 * Which plates go on each side of a barbell for a total weight: the bar's weight and the plates
 * a gym has (any number of each), in one unit, kilograms or pounds.
 */
export type PlateUnit = 'kg' | 'lb';

/** One kind of plate and how many of it go on each side. */
export type PlatesOfAKind = { plate: number; count: number };

export type PlateLoad =
  /** The weight is loaded exactly (no plates at all when it is the bar alone). */
  | { kind: 'exact'; perSide: PlatesOfAKind[]; total: number }
  /**
   * The plates cannot make it: the heaviest load below it, and what is left over (the total
   * still missing, both sides together).
   */
  | { kind: 'closest'; perSide: PlatesOfAKind[]; total: number; leftOver: number }
  /** Lighter than the empty bar. */
  | { kind: 'below-bar'; bar: number };

/** A bar and the plates a gym has in one unit. */
export type Gym = { bar: number; plates: readonly number[] };

type GymSettings = {
  readonly [K in 'barWeightKg' | 'barWeightLb' | 'platesKg' | 'platesLb']: Readonly<ClientSettings[K]>;
};

/** The user's bar and plates in a unit (20 kg and 45 lb bars unless they set theirs in Settings). */
export const gymOf = (settings: GymSettings, unit: PlateUnit): Gym =>
  unit === 'kg'
    ? { bar: settings.barWeightKg, plates: settings.platesKg }
    : { bar: settings.barWeightLb, plates: settings.platesLb };

/**
 * Weights are worked out in thousandths of the unit, as whole numbers, so 1.25 + 1.25 is 2.5
 * exactly (floating point would make a 0.1 plate miss a weight it can make).
 */
const SCALE = 1000;
const units = (weight: number) => Math.round(weight * SCALE);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The plates per side for `weight` on `bar`, fewest plates first and the heavier plate where two
 * loads have as many (so 20 kg a side is one 20, not two 10s). When the plates cannot make the
 * weight exactly, the heaviest load below it and what is left over. Exact whatever the plates:
 * a greedy fill would miss 20 kg a side from 15s and 10s.
 */
export function loadPlates(weight: number, { bar, plates }: Gym): PlateLoad {
  if (units(weight) < units(bar)) return { kind: 'below-bar', bar };
  const kinds = [...new Set(plates.map(units).filter((plate) => plate > 0))].sort((a, b) => b - a);
  // Two sides alike: what one side must carry, rounded down to what a pair of plates can add.
  const perSideWanted = Math.floor((units(weight) - units(bar)) / 2);
  const step = kinds.reduce(gcd, 0);
  const slots = step === 0 ? 0 : Math.floor(perSideWanted / step);
  // fewest[n]: the fewest plates making n steps on a side; last[n]: the plate put on last for it.
  const fewest = new Array<number>(slots + 1).fill(Number.POSITIVE_INFINITY);
  const last = new Array<number>(slots + 1).fill(0);
  fewest[0] = 0;
  const platesFor = (n: number) => fewest[n] ?? Number.POSITIVE_INFINITY;
  for (let n = 1; n <= slots; n++) {
    for (const plate of kinds) {
      const before = n - plate / step;
      if (before >= 0 && platesFor(before) + 1 < platesFor(n)) {
        fewest[n] = platesFor(before) + 1;
        last[n] = plate;
      }
    }
  }
  let reached = slots;
  while (platesFor(reached) === Number.POSITIVE_INFINITY) reached--;

  const counts = new Map<number, number>();
  for (let n = reached; n > 0; ) {
    const plate = last[n] ?? 0;
    counts.set(plate, (counts.get(plate) ?? 0) + 1);
    n -= plate / step;
  }
  const perSide = [...counts].sort(([a], [b]) => b - a).map(([plate, count]) => ({ plate: plate / SCALE, count }));
  const total = (units(bar) + 2 * reached * step) / SCALE;
  const leftOver = (units(weight) - units(total)) / SCALE;
  return leftOver === 0 ? { kind: 'exact', perSide, total } : { kind: 'closest', perSide, total, leftOver };
}
