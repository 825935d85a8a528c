import { adminAnalyticsProjection } from './admin/admin-analytics-projection.ts';
import { adminUsersProjection } from './admin/admin-users-projection.ts';
import { exercisesProjection, favoritesProjection } from './exercises/exercises-projection.ts';
import { foodsProjection } from './foods/foods-projection.ts';
import { loggedFoodsProjection } from './foods/logged-foods-projection.ts';
import { mealsProjection } from './meals/meals-projection.ts';
import { bodyWeightProjection } from './metrics/body-weight-projection.ts';
import { dailyMetricsProjection } from './metrics/daily-metrics-projection.ts';
import { stepsProjection } from './metrics/steps-projection.ts';
import type { AnyProjection } from './projection.ts';
import { pushSubscriptionsProjection } from './push-subscriptions/push-subscriptions-projection.ts';
import { personalRecordsProjection } from './records/personal-records-projection.ts';
import { savedMealsProjection } from './saved-meals/saved-meals-projection.ts';
import { systemSettingsProjection } from './system-settings/system-settings-projection.ts';
import { templatesProjection } from './templates/templates-projection.ts';
import { usersProjection } from './users/users-projection.ts';
import { waterProjection } from './water/water-projection.ts';
import { workoutSummariesProjection } from './workouts/workout-summaries-projection.ts';
import { workoutsProjection } from './workouts/workouts-projection.ts';

/** Every projection the product runs, in the order they are created. */
export const allProjections = [
  usersProjection,
  workoutsProjection,
  workoutSummariesProjection,
  exercisesProjection,
  favoritesProjection,
  templatesProjection,
  foodsProjection,
  mealsProjection,
  loggedFoodsProjection,
  waterProjection,
  savedMealsProjection,
  stepsProjection,
  bodyWeightProjection,
  personalRecordsProjection,
  dailyMetricsProjection,
  systemSettingsProjection,
  adminAnalyticsProjection,
  adminUsersProjection,
  pushSubscriptionsProjection,
] as unknown as AnyProjection[];

/** Their names, as the checkpoints and the readiness checks know them. */
export const projectionNames = allProjections.map((projection) => projection.name);
