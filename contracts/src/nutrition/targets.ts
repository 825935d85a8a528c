import { yearsSince } from '../calendar.ts';
import { PROFILE_AGE, type Profile } from '../users/api.ts';

export type NutritionTargets = {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  water_ml: number;
  /** Profile fields the calculation needed but did not have; the defaults were used instead. */
  missing: ('weight' | 'height' | 'age' | 'gender' | 'activity_level')[];
};

/** Used when the profile cannot say more: the reference intake on food labels, and 2.5 l of water. */
export const DEFAULT_KCAL = 2000;
export const DEFAULT_WATER_ML = 2500;

/** Physical activity level multipliers for the resting energy, as commonly used with Mifflin-St Jeor. */
const ACTIVITY_FACTOR: Record<string, number> = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  very_active: 1.9,
};

/**
 * Energy change per goal, per day: about 0.5 kg a week down, a slow lean gain up. The first goal
 * listed that the profile has counts, so a weight goal rules: building muscle while keeping the
 * weight eats what keeps the weight.
 */
const GOAL_ADJUSTMENT: [goal: string, kcal: number][] = [
  ['lose_weight', -500],
  ['maintain_weight', 0],
  ['gain_weight', 300],
  ['build_muscle', 250],
];

/** Shares of energy from protein, carbohydrate and fat. */
const SPLITS: Record<string, [number, number, number]> = {
  lose_weight: [0.3, 0.4, 0.3],
  build_muscle: [0.3, 0.45, 0.25],
  default: [0.25, 0.5, 0.25],
};

/** Never suggest eating less than this, whatever the goal. */
const MINIMUM_KCAL = 1200;
/** Water: 35 ml per kg of body weight a day. */
const WATER_ML_PER_KG = 35;

/** The age the targets use: a stated age, else the birth date's; none when it is not a sensible one. */
function ageOf(profile: Partial<Profile>, today: Date): number | null {
  const age =
    typeof profile.age === 'number' ? profile.age : profile.birth_date ? yearsSince(profile.birth_date, today) : null;
  // A birth date stored before dates were checked may say 2099: no target from a negative age.
  return age !== null && age >= PROFILE_AGE.minimum && age <= PROFILE_AGE.maximum ? age : null;
}

/**
 * Daily targets from a profile. Energy: the Mifflin-St Jeor resting energy
 * (10 × kg + 6.25 × cm − 5 × years, + 5 for men, − 161 for women, the mean of the two otherwise),
 * times the activity factor, adjusted by the goal (lose −500, maintain 0, gain +300, else build
 * muscle +250 kcal), never below 1200. Macros: a split of that energy (protein and carbohydrate
 * 4 kcal/g, fat 9 kcal/g). Water: 35 ml per kg of body weight. Whatever the profile lacks falls
 * back to the defaults above and is listed in `missing`, so the app can ask for it.
 */
export function nutritionTargets(profile: Partial<Profile> | null, today = new Date()): NutritionTargets {
  const weight = profile?.weight ?? null;
  const height = profile?.height ?? null;
  const age = profile ? ageOf(profile, today) : null;
  const gender = profile?.gender ?? null;
  const activity = profile?.activity_level ?? null;
  const goals = profile?.goals ?? [];
  const missing: NutritionTargets['missing'] = [];
  if (weight === null) missing.push('weight');
  if (height === null) missing.push('height');
  if (age === null) missing.push('age');
  if (gender === null) missing.push('gender');
  if (activity === null || !(activity in ACTIVITY_FACTOR)) missing.push('activity_level');

  let kcal = DEFAULT_KCAL;
  if (weight !== null && height !== null && age !== null) {
    const sexTerm = gender === 'male' ? 5 : gender === 'female' ? -161 : -78;
    const resting = 10 * weight + 6.25 * height - 5 * age + sexTerm;
    const factor = ACTIVITY_FACTOR[activity ?? ''] ?? ACTIVITY_FACTOR.sedentary ?? 1.2;
    const adjustment = GOAL_ADJUSTMENT.find(([goal]) => goals.includes(goal))?.[1] ?? 0;
    kcal = Math.max(MINIMUM_KCAL, Math.round(resting * factor + adjustment));
  }
  const split = SPLITS[goals.find((goal) => goal in SPLITS) ?? 'default'] ?? SPLITS.default ?? [0.25, 0.5, 0.25];
  return {
    kcal,
    protein: Math.round((kcal * split[0]) / 4),
    carbs: Math.round((kcal * split[1]) / 4),
    fat: Math.round((kcal * split[2]) / 9),
    water_ml: weight !== null ? Math.round((weight * WATER_ML_PER_KG) / 50) * 50 : DEFAULT_WATER_ML,
    missing,
  };
}
