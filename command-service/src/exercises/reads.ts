import { exerciseStream, favoritesStream } from '@fitness/contracts';
import type { CommandHandler } from '../core/command-handler.ts';
import { evolveExercise, evolveFavorites, type FavoritesState, initialExerciseState } from './exercise.ts';

/** What the exercise writes read first: from the write side's own streams, never a read model. */
type Streams = Pick<CommandHandler, 'readStream'>;

export async function exerciseState(streams: Streams, exerciseId: string) {
  const events = await streams.readStream(exerciseStream(exerciseId));
  return events.reduce((state, event) => evolveExercise(state, event as never), initialExerciseState());
}

/** Whether the user's library holds the exercise: a system one, or their own custom one. */
export async function exerciseVisibleTo(streams: Streams, exerciseId: string, userId: string) {
  const exercise = await exerciseState(streams, exerciseId);
  return exercise.status === 'system' || (exercise.status === 'custom' && exercise.userId === userId);
}

/** The user's starred exercise ids. */
export async function favoritesOf(streams: Streams, userId: string) {
  const events = await streams.readStream(favoritesStream(userId));
  return events.reduce<FavoritesState>((state, event) => evolveFavorites(state, event as never), new Set());
}
