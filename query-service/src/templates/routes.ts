import {
  ErrorBody,
  type ExerciseDocument,
  type Language,
  ListTemplatesQuery,
  Template,
  type TemplateDocument,
  TemplateList,
  TemplateParams,
} from '@fitness/contracts';
import { NotFound } from '@fitness/platform/errors.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { catalogueOf } from '../exercises/catalogue.ts';
import { signedInReads } from '../route-group.ts';

type Stored<T> = T & { id: string };

/**
 * A template in the reader's language, each exercise looked up in their library. An exercise
 * the library does not have is flagged (`found: false`) and shown by the name the template kept.
 */
function present(template: TemplateDocument, library: Map<string, ExerciseDocument>, language: Language): Template {
  return {
    id: template.id,
    name: template.name[language],
    description: template.description[language],
    category: template.category,
    difficulty: template.difficulty,
    is_custom: template.user_id !== null,
    created_at: template.created_at,
    exercises: template.exercises.map((entry) => {
      const exercise = entry.exerciseId ? library.get(entry.exerciseId) : undefined;
      return {
        exercise_id: entry.exerciseId,
        name: exercise?.name[language] ?? entry.name ?? entry.exerciseId ?? '',
        found: exercise !== undefined,
        sets: entry.sets,
        reps: entry.reps,
        duration: entry.duration,
        distance: entry.distance,
        rest: entry.rest,
        weight: entry.weight ?? null,
      };
    }),
  };
}

/** Reads of workout templates: the system's and the caller's own. */
export const templateQueryRoutes = signedInReads(['templates', 'exercises'], async (app, services) => {
  const { readStore } = services;
  const catalogue = catalogueOf(readStore);

  async function libraryOf(userId: string) {
    const visible = await catalogue.visibleTo(userId);
    return new Map<string, ExerciseDocument>(visible.map((exercise) => [exercise.id, exercise]));
  }

  app.get(
    '',
    {
      schema: {
        tags: ['templates'],
        summary: 'System templates and yours, filtered by category and difficulty',
        querystring: ListTemplatesQuery,
        response: { 200: TemplateList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const language = requestLanguage(request);
      const { category, difficulty, mine } = request.query;
      const [system, own, library] = await Promise.all([
        mine ? [] : readStore.find<Stored<TemplateDocument>>('templates', { where: { user_id: null } }),
        readStore.find<Stored<TemplateDocument>>('templates', {
          where: { user_id: userId },
          orderBy: [{ field: 'created_at', direction: 'desc' }],
        }),
        libraryOf(userId),
      ]);
      const collator = new Intl.Collator(language);
      const sortedSystem = [...system].sort((a, b) => collator.compare(a.name[language], b.name[language]));
      const data = [...own, ...sortedSystem]
        .filter(
          (template) =>
            (!category || template.category === category) && (!difficulty || template.difficulty === difficulty),
        )
        .map((template) => present(template, library, language));
      return { data };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['templates'],
        summary: 'One template, with each exercise found or flagged',
        params: TemplateParams,
        response: { 200: Template, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const template = await readStore.get<Stored<TemplateDocument>>('templates', request.params.id);
      if (!template || (template.user_id !== null && template.user_id !== userId))
        throw new NotFound('Template not found.');
      return present(template, await libraryOf(userId), requestLanguage(request));
    },
  );
});
