import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { services } from '../../app/services.ts';
import type { Exercise } from '../exercises/types.ts';

const DELAY_MS = 200;

/** Library exercises whose names match what is being typed, for the add-exercise field. */
export function useLibrarySuggestions(typed: string) {
  const { i18n } = useTranslation();
  const [suggestions, setSuggestions] = useState<Exercise[]>([]);
  // The language decides which names match, so a switch searches again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => {
    const search = typed.trim();
    if (search.length < 2) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      services.api
        .get<{ data: Exercise[] }>('/exercises', { query: { search, per_page: 8 } })
        .then(({ data }) => current && setSuggestions(data))
        .catch((error) => console.error('Failed to suggest exercises', error));
    }, DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, i18n.language]);
  return suggestions;
}

/**
 * The library exercise with exactly this name (case-insensitive), so a name typed in full is
 * linked to the library even before the suggestions arrived; null for a name of one's own.
 */
export async function findInLibrary(name: string, suggestions: Exercise[]): Promise<Exercise | null> {
  const same = (exercise: Exercise) => exercise.name.toLowerCase() === name.toLowerCase();
  const known = suggestions.find(same);
  if (known) return known;
  const { data } = await services.api.get<{ data: Exercise[] }>('/exercises', {
    query: { search: name, per_page: 10 },
  });
  return data.find(same) ?? null;
}
