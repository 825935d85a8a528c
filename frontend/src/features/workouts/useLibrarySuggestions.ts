import type { Exercise } from '@fitness/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ExerciseLookup } from './exercise-lookup.ts';

const DELAY_MS = 200;

/** Library exercises whose names match what is being typed, for the add-exercise field. */
export function useLibrarySuggestions(lookup: ExerciseLookup, typed: string) {
  const { i18n } = useTranslation();
  const { suggestions } = useSnapshot(lookup.state);
  // The language decides which names match, so a switch searches again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => {
    const timer = setTimeout(() => {
      lookup.suggest(typed).catch((error) => console.error('Failed to suggest exercises', error));
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [lookup, typed, i18n.language]);
  return suggestions.results as Exercise[];
}
