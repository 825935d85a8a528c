export * from './changes.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './users/api.ts';
export * from './users/events.ts';
export * from './workouts/api.ts';
export * from './workouts/events.ts';
