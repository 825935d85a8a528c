import type { Template } from '@fitness/contracts';
import { CATEGORIES, DIFFICULTIES } from '@fitness/contracts/exercises/events.ts';
import { AlertTriangle, Play, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SelectField } from '../../components/Field.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { useModalDialog } from '../../components/useModalDialog.ts';
import { localToday } from '../../lib/format.ts';
import { choiceOptions } from '../../lib/i18n.ts';
import { describePlan } from '../../lib/plan.ts';
import { useServices } from '../../lib/services.ts';
import type { TemplateFilters, Templates } from './store.ts';

/** Templates to start from: filter, preview (with exercises the library lacks flagged), start. */
export function TemplatesPage({ templates: store }: { templates: Templates }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const services = useServices();
  const { units } = useSnapshot(services.settings.state);
  const { templates, failed } = useSnapshot(store.state) as { templates: Template[] | null; failed: boolean };
  const [filters, setFilters] = useState<TemplateFilters>({ category: '', difficulty: '', mine: false });
  const [preview, setPreview] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [starting, setStarting] = useState(false);
  const dialog = useModalDialog(preview !== null);

  // Shown for these filters; the language picks the names shown, so a switch loads again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => store.show(filters), [store, filters, i18n.language]);

  async function start(template: Template) {
    setStarting(true);
    try {
      const workout = await services.workouts.startFromTemplate(template.id, localToday());
      setPreview(null);
      navigate(`/workouts/${workout.id}`);
    } catch {
      services.toasts.error(t('templates.failedToStart'));
    } finally {
      setStarting(false);
    }
  }

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
        <search className="card stack">
          <div className="form-grid">
            {choice(t('templates.category'), 'category', CATEGORIES)}
            {choice(t('templates.difficulty'), 'difficulty', DIFFICULTIES)}
          </div>
          <SegmentedTabs
            label={t('templates.show')}
            value={filters.mine}
            options={[
              { value: false, label: t('templates.all') },
              { value: true, label: t('templates.mine') },
            ]}
            onChange={(mine) => setFilters({ ...filters, mine })}
          />
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
        <div className="grid" data-testid="templates">
          {templates?.map((template) => (
            <article key={template.id} className="card card-tight exercise-card" data-testid="template-card">
              <h3>{template.name}</h3>
              {template.description && (
                <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
                  {template.description}
                </p>
              )}
              <div className="row" style={{ gap: 'var(--space-1)' }}>
                <span className="badge badge-progress">{t(`enums.category.${template.category}`)}</span>
                <span className="badge">{t(`enums.difficulty.${template.difficulty}`)}</span>
                <span className="badge">{t('templates.exercisesCount', { count: template.exercises.length })}</span>
                {template.is_custom && <span className="badge badge-done">{t('templates.custom')}</span>}
              </div>
              <div className="row" style={{ marginBlockStart: 'auto' }}>
                <Button
                  size="sm"
                  onClick={() => setPreview(template)}
                  aria-label={t('templates.previewOf', { name: template.name })}
                >
                  {t('templates.preview')}
                </Button>
              </div>
            </article>
          ))}
        </div>
      </div>

      <dialog
        ref={dialog}
        className="dialog dialog-wide"
        aria-labelledby="template-title"
        onClose={() => setPreview(null)}
      >
        {preview && (
          <div className="stack">
            <div className="stack-sm">
              <h2 id="template-title">{preview.name}</h2>
              {preview.description && <p className="muted">{preview.description}</p>}
            </div>
            <ol className="list" data-testid="template-exercises">
              {preview.exercises.map((entry, index) => (
                // A template may list one exercise twice (e.g. a warm-up and a work block), so the position is part of the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own and never reorder
                <li key={`${entry.exercise_id}-${index}`} className="list-item">
                  <div>
                    <p className="list-title">{entry.name}</p>
                    <p className="list-meta">{describePlan(entry, t, i18n.language, units)}</p>
                  </div>
                  {!entry.found && (
                    <span className="badge badge-warning">
                      <AlertTriangle size={14} aria-hidden />
                      {t('templates.notFoundInDatabase')}
                    </span>
                  )}
                </li>
              ))}
            </ol>
            {preview.exercises.some((entry) => !entry.found) && (
              <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
                {t('templates.missingNote')}
              </p>
            )}
            <div className="dialog-actions" style={{ justifyContent: 'space-between' }}>
              <div>
                {preview.is_custom && (
                  <Button variant="ghost" icon={<Trash2 size={16} />} onClick={() => setDeleting(preview)}>
                    {t('templates.delete')}
                  </Button>
                )}
              </div>
              <div className="row" style={{ gap: 'var(--space-2)' }}>
                <Button onClick={() => setPreview(null)}>{t('common.close')}</Button>
                <Button variant="primary" icon={<Play size={16} />} busy={starting} onClick={() => start(preview)}>
                  {starting ? t('templates.starting') : t('templates.start')}
                </Button>
              </div>
            </div>
          </div>
        )}
      </dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('templates.deleteTitle', { name: deleting?.name })}
        body={t('templates.deleteBody')}
        confirmLabel={t('confirm.delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
