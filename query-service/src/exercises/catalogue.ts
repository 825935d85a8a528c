import type { ExerciseCategory, ExerciseDocument, Language, ListExercisesQuery } from '@fitness/contracts';
import { searchable } from '@fitness/contracts';
import { NotFound } from '@fitness/platform/errors.ts';
import type { ReadStore } from '@fitness/stores';

type Stored = ExerciseDocument & { id: string };

/**
 * The system library, read once per change of the exercises read model: about 150 documents
 * that every library request filters in memory. The projection's checkpoint tells when to read
 * again, so a re-seeded library shows at once.
 */
export class SystemCatalogue {
  private readonly readStore: ReadStore;
  private cached: { checkpoint: number; exercises: Stored[]; categories: Map<string, ExerciseCategory> } | null = null;

  constructor(readStore: ReadStore) {
    this.readStore = readStore;
  }

  /** The library and the user's own exercises: everything that user can see. */
  async visibleTo(userId: string): Promise<Stored[]> {
    const [system, own] = await Promise.all([
      this.exercises(),
      this.readStore.find<Stored>('exercises', { where: { user_id: userId } }),
    ]);
    return [...system, ...own];
  }

  /** One exercise the user can see; someone else's custom exercise is answered exactly like a missing one. */
  async visibleOne(userId: string, id: string): Promise<Stored> {
    const exercise = await this.readStore.get<Stored>('exercises', id);
    if (!exercise || (exercise.user_id !== null && exercise.user_id !== userId)) {
      throw new NotFound('Exercise not found.');
    }
    return exercise;
  }

  private async library() {
    const checkpoint = await this.readStore.checkpoint('exercises');
    if (this.cached?.checkpoint !== checkpoint) {
      const exercises = await this.readStore.find<Stored>('exercises', { where: { user_id: null } });
      const categories = new Map(exercises.map((exercise) => [exercise.id, exercise.category]));
      this.cached = { checkpoint, exercises, categories };
    }
    return this.cached;
  }

  async exercises(): Promise<Stored[]> {
    return (await this.library()).exercises;
  }

  /**
   * The categories of some exercises the user can see (the library's and their own), by id; an
   * exercise they cannot see (deleted, another user's) has none. Costs a lookup per exercise
   * outside the library, not a read of all the user's exercises.
   */
  async categoriesOf(userId: string, exerciseIds: string[]): Promise<Map<string, ExerciseCategory>> {
    const { categories: library } = await this.library();
    const found = new Map<string, ExerciseCategory>();
    const own = exerciseIds.filter((id) => {
      const category = library.get(id);
      if (category) found.set(id, category);
      return !category;
    });
    const documents = await Promise.all(own.map((id) => this.readStore.get<Stored>('exercises', id)));
    for (const document of documents) if (document?.user_id === userId) found.set(document.id, document.category);
    return found;
  }
}

const catalogues = new WeakMap<ReadStore, SystemCatalogue>();

/** One catalogue per read store, shared by the routes that need the library. */
export function catalogueOf(readStore: ReadStore) {
  let catalogue = catalogues.get(readStore);
  if (!catalogue) {
    catalogue = new SystemCatalogue(readStore);
    catalogues.set(readStore, catalogue);
  }
  return catalogue;
}

/**
 * Filters, searches and sorts exercises for one user. Search matches every word typed against
 * the name in the user's language or in English, ignoring case, accents and Arabic spelling
 * variants; names that start with the search come first, then the rest alphabetically.
 */
export function selectExercises(
  exercises: Stored[],
  query: ListExercisesQuery,
  language: Language,
  favorites: Set<string>,
  userId: string,
): Stored[] {
  const words = searchable(query.search ?? '')
    .split(' ')
    .filter(Boolean);
  const search = searchable(query.search ?? '');
  const tab = query.tab ?? 'all';
  const matching = exercises.filter((exercise) => {
    if (tab === 'mine' && exercise.user_id !== userId) return false;
    if (tab === 'favorites' && !favorites.has(exercise.id)) return false;
    if (query.category && exercise.category !== query.category) return false;
    if (query.muscle && exercise.primary_muscle !== query.muscle) return false;
    if (query.equipment && exercise.equipment !== query.equipment) return false;
    if (query.difficulty && exercise.difficulty !== query.difficulty) return false;
    if (words.length === 0) return true;
    const names = [searchable(exercise.name[language]), searchable(exercise.name.en)];
    return names.some((name) => words.every((word) => name.includes(word)));
  });
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const startsWithSearch = (exercise: Stored) =>
    search && searchable(exercise.name[language]).startsWith(search) ? 0 : 1;
  return matching.sort(
    (a, b) => startsWithSearch(a) - startsWithSearch(b) || collator.compare(a.name[language], b.name[language]),
  );
}
