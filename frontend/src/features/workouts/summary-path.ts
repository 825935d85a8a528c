/** Where a finished workout's summary is shown (app/routes.tsx declares the route). */
export const summaryPath = (workoutId: string) => `/workouts/${workoutId}/summary`;
