import { GOALS } from './events.ts';

export type Goal = (typeof GOALS)[number];

/** Which way the weight should go: one of them or none, since any two contradict each other. */
export const WEIGHT_GOALS = ['lose_weight', 'maintain_weight', 'gain_weight'] as const satisfies readonly Goal[];
export type WeightGoal = (typeof WEIGHT_GOALS)[number];

const isWeightGoal = (goal: string): goal is WeightGoal => (WEIGHT_GOALS as readonly string[]).includes(goal);

/** Goals that go with any weight goal and with each other. */
export const OTHER_GOALS = GOALS.filter((goal) => !isWeightGoal(goal));

export const CONTRADICTING_GOALS =
  'Choose one of lose_weight, maintain_weight and gain_weight: they contradict each other.';

/** The weight goals of a list when it holds more than one (which the profile refuses), else null. */
export function contradictingGoals(goals: readonly string[]): string[] | null {
  const chosen = goals.filter(isWeightGoal);
  return chosen.length > 1 ? chosen : null;
}

/** The profile's weight goal: the first of them in its list (an old profile may hold two), else null. */
export function weightGoalOf(goals: readonly string[]): WeightGoal | null {
  return goals.find(isWeightGoal) ?? null;
}

/** The goals with `goal` as their one weight goal (none when null), the other goals kept. */
export function withWeightGoal(goals: readonly string[], goal: WeightGoal | null): Goal[] {
  const others = goals.filter((kept) => !isWeightGoal(kept)) as Goal[];
  return goal ? [goal, ...others] : others;
}
