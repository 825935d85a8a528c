/** The header row of a Strong CSV export, for tests and benchmarks that write such files. */
export const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
