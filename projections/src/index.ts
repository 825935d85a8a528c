export * from './all-projections.ts';
export { exercisesProjection, favoritesProjection } from './exercises/exercises-projection.ts';
export * from './logger.ts';
export * from './progress.ts';
export * from './projection.ts';
export * from './runner.ts';
export { templatesProjection } from './templates/templates-projection.ts';
export { usersProjection } from './users/users-projection.ts';
export { workoutsProjection } from './workouts/workouts-projection.ts';
