import type { Template } from '@fitness/contracts';
import { CATEGORIES, DIFFICULTIES } from '@fitness/contracts/exercises/events.ts';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { choiceOptions } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import type { TemplateFilters, Templates } from './store.ts';
import { TemplateCard } from './TemplateCard.tsx';
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';
import { useTemplateStart } from './useTemplateStart.ts';
import './templates.css';

/**
 * Templates to start from: filter (folded away on a phone), start in one tap, or preview first
 * (with exercises the library lacks flagged).
 */
export function TemplatesPage({ templates: store }: { templates: Templates }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { templates, failed } = useSnapshot(store.state) as { templates: Template[] | null; failed: boolean };
  const [filters, setFilters] = useState<TemplateFilters>({ category: '', difficulty: '', mine: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [preview, setPreview] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const { start, starting, dialog } = useTemplateStart();
  const chosen = [filters.category, filters.difficulty].filter(Boolean).length;

  // Shown for these filters; the language picks the names shown, so a switch loads again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => store.show(filters), [store, filters, i18n.language]);

  async function remove(template: Template) {
    try {
      await store.remove(template.id);
      services.toasts.success(t('templates.deleted'), template.name);
      setPreview(null);
    } catch {
      services.toasts.error(t('workout.failedToRemove'));
    }
  }

  const choice = (label: string, key: 'category' | 'difficulty', values: readonly string[]) => (
    <SelectField
      label={label}
      value={filters[key]}
      onChange={(event) => setFilters({ ...filters, [key]: event.target.value })}
      options={choiceOptions(t, `enums.${key}`, values, t('templates.any'))}
    />
  );

  return (
    <>
      <PageHeader title={t('templates.title')} subtitle={t('templates.subtitle')} />
      <div className="stack">
        <search className="card stack template-filters">
          <div className="spread">
            <SegmentedTabs
              label={t('templates.show')}
              value={filters.mine}
              options={[
                { value: false, label: t('templates.all') },
                { value: true, label: t('templates.mine') },
              ]}
              onChange={(mine) => setFilters({ ...filters, mine })}
            />
            <Button
              variant="ghost"
              className="template-filters-toggle"
              icon={<SlidersHorizontal size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls="template-filter-fields"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {chosen > 0 ? t('templates.filtersChosen', { count: chosen }) : t('templates.filters')}
            </Button>
          </div>
          <div id="template-filter-fields" className="form-grid template-filter-fields" data-open={filtersOpen}>
            {choice(t('templates.category'), 'category', CATEGORIES)}
            {choice(t('templates.difficulty'), 'difficulty', DIFFICULTIES)}
          </div>
        </search>
        {failed && <p className="field-error">{t('templates.loadFailed')}</p>}
        {!templates && !failed && <Spinner />}
        {templates?.length === 0 && (
          <div className="card">
            <EmptyState>
              <p>
                {filters.mine && !filters.category && !filters.difficulty
                  ? t('templates.emptyMine')
                  : t('templates.empty')}
              </p>
            </EmptyState>
          </div>
        )}
        <div className="template-grid" data-testid="templates">
          {templates?.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              starting={starting === template.id}
              onStart={() => start(template)}
              onPreview={() => setPreview(template)}
            />
          ))}
        </div>
      </div>

      <TemplatePreviewDialog
        template={preview}
        starting={starting}
        onStart={start}
        onDelete={setDeleting}
        onClose={() => setPreview(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('templates.deleteTitle', { name: deleting?.name })}
        body={t('templates.deleteBody')}
        confirmLabel={t('confirm.delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {dialog}
    </>
  );
}
