/** The workout shapes of the API (contracts/src/workouts/api.ts). */
export type WorkoutSet = {
  id: string;
  reps: number;
  weight: number | null;
  rest_time: number | null;
  type: 'warmup' | 'working';
  notes: string | null;
  duration: number | null;
  distance: number | null;
  created_at: string;
};

export type WorkoutExercise = {
  id: string;
  exercise_id: string | null;
  name: string;
  notes: string | null;
  sets: WorkoutSet[];
  created_at: string;
};

export type Workout = {
  id: string;
  name: string;
  date: string;
  duration: number | null;
  status: 'in_progress' | 'completed';
  notes: string | null;
  exercises: WorkoutExercise[];
  started_at: string;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
};

export type WorkoutPage = {
  data: Workout[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
};

export type SetInput = {
  reps: number;
  weight: number | null;
  rest_time: number | null;
  type: 'warmup' | 'working';
};
