import type { Template } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { latestLoads } from '../../lib/latest-load.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';

export type TemplateFilters = { category: string; difficulty: string; mine: boolean };

/**
 * The templates to start from, for the filters on screen. While they are shown, a template
 * saved or deleted on another device (or an exercise a template names) reloads them.
 */
export function createTemplates(api: ApiClient) {
  const state = proxy({
    filters: { category: '', difficulty: '', mine: false } as TemplateFilters,
    templates: null as Template[] | null,
    failed: false,
  });
  const loads = latestLoads(state);

  function load() {
    const { category, difficulty, mine } = state.filters;
    return loads.run(
      () =>
        api.get<{ data: Template[] }>('/templates', {
          query: {
            category: category || undefined,
            difficulty: difficulty || undefined,
            mine: mine ? 'true' : undefined,
          },
        }),
      ({ data }) => {
        state.templates = data;
      },
    );
  }

  const screens = shownCount(load, 'templates');

  return {
    state,
    /** Shows the templates these filters pick (loaded fresh) until the returned function is called. */
    show(filters: TemplateFilters) {
      state.filters = filters;
      return screens.show();
    },
    async remove(id: string) {
      await api.delete(`/templates/${id}`);
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      // This tab reloads after its own deletions; a template it saves from a workout is shown when visited.
      if (!screens.shown || api.isOwnWrite(notice.correlationId)) return;
      if (notice.model === 'templates' || notice.model === 'exercises') await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      loads.invalidate();
      state.templates = null;
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
