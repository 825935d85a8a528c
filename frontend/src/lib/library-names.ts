import type { Exercise, Template } from '@fitness/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import { type ApiClient, ApiError } from './api-client.ts';
import { isLanguage, LANGUAGES, type Language } from './i18n.ts';
import { useServices } from './services.ts';

/**
 * The library's names in the language shown. A workout keeps each exercise's name, and its own
 * name (a template's, when started from one), as logged: in the language of that moment, so a
 * workout logged in English read English in Arabic. Shown now, a system exercise is named by
 * its library id in the reader's language, and a workout bearing a system template's name (in
 * any language) by that template's name in the reader's language. A name of the user's own (a
 * custom exercise, a workout they named) stays as typed.
 *
 * The system library never changes while the app runs (it is seeded), so each name is read
 * once per language and kept for the session: an exercise by its id (GET /exercises/{id}), the
 * templates all at once in every language (GET /templates, 18 of them), the first time a screen
 * shows a workout's name.
 */
export function createLibraryNames(api: ApiClient) {
  const state = proxy({
    /** Per language, a system exercise's name by its id; null where there is none to show (custom, deleted). */
    exercises: { en: {}, de: {}, ar: {} } as Record<Language, Record<string, string | null>>,
    /** Per language, the system templates' names by id; absent until read. */
    templates: {} as Partial<Record<Language, Record<string, string>>>,
  });
  const asked = new Set<string>();
  let templatesAsked = false;

  /** An exercise's name to keep (null: none to show), or undefined when it could not be read now. */
  async function readExercise(language: Language, id: string) {
    try {
      const exercise = await api.get<Exercise>(`/exercises/${encodeURIComponent(id)}`, { language });
      return exercise.is_custom ? null : exercise.name;
    } catch (error) {
      // Gone from the library: the name as logged is all there is.
      if (error instanceof ApiError && error.status === 404) return null;
      asked.delete(`${language}:${id}`);
      console.error('Failed to read an exercise name', error);
      return undefined;
    }
  }

  // The names a render asked for are put in together, and the templates' three languages too:
  // each change re-renders every screen showing names, which one at a time cost a phone's
  // dashboard a render per record while it loaded.
  async function readExercises(language: Language, ids: string[]) {
    const names = await Promise.all(ids.map((id) => readExercise(language, id)));
    const read = ids.flatMap((id, index) => (names[index] === undefined ? [] : [[id, names[index]] as const]));
    if (read.length > 0) Object.assign(state.exercises[language], Object.fromEntries(read));
  }

  async function readTemplates() {
    try {
      const byLanguage = await Promise.all(
        LANGUAGES.map(async ({ code }) => {
          const { data } = await api.get<{ data: Template[] }>('/templates', { language: code });
          const names = data.filter((template) => !template.is_custom).map((template) => [template.id, template.name]);
          return [code, Object.fromEntries(names)] as const;
        }),
      );
      Object.assign(state.templates, Object.fromEntries(byLanguage));
    } catch (error) {
      templatesAsked = false;
      console.error('Failed to read the template names', error);
    }
  }

  return {
    state,
    /** Reads the names these screens lack (each once): exercises by id, and the templates' if `templates`. */
    load(language: Language, exerciseIds: Iterable<string>, templates: boolean) {
      const unread = [...exerciseIds].filter(
        (id) => !asked.has(`${language}:${id}`) && !(id in state.exercises[language]),
      );
      for (const id of unread) asked.add(`${language}:${id}`);
      if (unread.length > 0) void readExercises(language, unread);
      if (templates && !templatesAsked) {
        templatesAsked = true;
        void readTemplates();
      }
    },
  };
}

export type LibraryNames = ReturnType<typeof createLibraryNames>;

type Snapshot = LibraryNames['state'];

/** An exercise's name to show: the library's in `language` for a system exercise, else as logged. */
export function exerciseName(names: Snapshot, language: Language, exerciseId: string | null, logged: string) {
  return (exerciseId && names.exercises[language][exerciseId]) || logged;
}

/** A workout's name to show: a system template's name (as logged in any language) in `language`, else as logged. */
export function workoutName(names: Snapshot, language: Language, logged: string) {
  const shown = names.templates[language];
  if (!shown) return logged;
  for (const { code } of LANGUAGES) {
    const byId = names.templates[code];
    if (!byId) continue;
    for (const [id, name] of Object.entries(byId)) {
      if (name === logged) return shown[id] ?? logged;
    }
  }
  return logged;
}

/**
 * For a screen: names in the language shown, as the screen renders. What it asks for and is not
 * known yet reads as logged, is read after the render, and shows when it arrives.
 */
export function useLibraryNames() {
  const { libraryNames } = useServices();
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const names = useSnapshot(libraryNames.state);
  const wanted = new Set<string>();
  let templates = false;
  // After each render: what this render asked for and did not have.
  useEffect(() => libraryNames.load(language, wanted, templates));
  return {
    language,
    exercise(exerciseId: string | null, logged: string) {
      if (exerciseId && !(exerciseId in names.exercises[language])) wanted.add(exerciseId);
      return exerciseName(names, language, exerciseId, logged);
    },
    workout(logged: string) {
      if (LANGUAGES.some(({ code }) => !names.templates[code])) templates = true;
      return workoutName(names, language, logged);
    },
  };
}
