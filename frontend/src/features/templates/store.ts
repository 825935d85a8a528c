import type { Template } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

export type TemplateFilters = { category: string; difficulty: string; mine: boolean };

/**
 * The templates to start from, for the filters on screen. While they are shown, a template
 * saved on another device (or an exercise a template names) reads them again, since the API
 * words each in the reader's language and looks its exercises up in their library; one deleted
 * leaves the list as it comes.
 */
export function createTemplates(api: ApiClient) {
  const state = proxy({
    filters: { category: '', difficulty: '', mine: false } as TemplateFilters,
    templates: null as Template[] | null,
    failed: false,
  });

  const templates = liveResource({
    what: 'templates',
    fetch: () => {
      const { category, difficulty, mine } = state.filters;
      return api.get<{ data: Template[] }>('/templates', {
        query: {
          category: category || undefined,
          difficulty: difficulty || undefined,
          mine: mine ? 'true' : undefined,
        },
      });
    },
    take: ({ data }) => {
      state.templates = data;
    },
    status: state,
    // A template this tab saves from a workout is shown when visited; its deletions it applies itself.
    answered: api.isOwnWrite,
  });

  const without = (id: string) => () => {
    if (state.templates) state.templates = state.templates.filter((template) => template.id !== id);
  };

  return {
    state,
    /** Shows the templates these filters pick (loaded fresh) until the returned function is called. */
    show(filters: TemplateFilters) {
      state.filters = filters;
      return templates.show();
    },
    async remove(id: string) {
      await api.delete(`/templates/${id}`);
      templates.apply(without(id));
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'templates') {
        await templates.follow(notice, (pushed) => {
          if (pushed.op !== 'delete') return false;
          without(pushed.id)();
          return true;
        });
      } else if (notice.model === 'exercises') {
        await templates.follow(notice);
      }
    },
    refresh: () => templates.refresh(),
    clear() {
      templates.clear();
      state.templates = null;
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
