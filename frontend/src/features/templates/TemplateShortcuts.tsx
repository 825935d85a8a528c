import type { Template } from '@fitness/contracts';
import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Spinner } from '../../components/Feedback.tsx';
import type { Templates } from './store.ts';
import { TemplateCard } from './TemplateCard.tsx';
import { TemplatePreviewDialog } from './TemplatePreviewDialog.tsx';
import { useTemplateStart } from './useTemplateStart.ts';
import './templates.css';

/** Every template, unfiltered: the Workouts tab picks its own from them. */
const ALL = { category: '', difficulty: '', mine: false };

/** How many of the system's templates the Workouts tab offers; the Templates screen has them all. */
const SYSTEM_SHOWN = 6;

/**
 * The system templates offered first (by id, their seed's slug): the gym's staple splits. The API
 * lists templates by name, which put "5x5 Strength" and "Advanced Calisthenics" first.
 */
const STAPLES = ['push-day', 'pull-day', 'leg-day', 'full-body-beginner', 'upper-body', 'lower-body'];
const stapleRank = (template: Template) => {
  const rank = STAPLES.indexOf(template.id);
  return rank < 0 ? STAPLES.length : rank;
};

/**
 * The Workouts tab's start buttons: the user's own templates, then some of the system's, each
 * started and opened in one tap, its preview one tap aside.
 */
export function TemplateShortcuts({ templates: store }: { templates: Templates }) {
  const { t, i18n } = useTranslation();
  const { templates, failed } = useSnapshot(store.state) as { templates: Template[] | null; failed: boolean };
  const { start, starting, dialog } = useTemplateStart();
  const [preview, setPreview] = useState<Template | null>(null);

  // The language picks the names shown, so a switch loads them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => store.show(ALL), [store, i18n.language]);

  const mine = templates?.filter((template) => template.is_custom) ?? [];
  const system = (templates?.filter((template) => !template.is_custom) ?? []).sort(
    (a, b) => stapleRank(a) - stapleRank(b),
  );

  const cards = (list: Template[]) => (
    <div className="template-grid">
      {list.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          compact
          starting={starting === template.id}
          onStart={() => start(template)}
          onPreview={() => setPreview(template)}
        />
      ))}
    </div>
  );

  return (
    <section className="card" aria-labelledby="template-shortcuts-title" data-testid="template-shortcuts">
      <div className="card-header">
        <h2 id="template-shortcuts-title">{t('templateShortcuts.title')}</h2>
        <Link href="/templates" className="btn btn-ghost btn-sm">
          {t('templateShortcuts.all')}
          <ChevronRight size={16} aria-hidden className="flip-rtl" />
        </Link>
      </div>
      {failed && <p className="field-error">{t('templates.loadFailed')}</p>}
      {!templates && !failed && <Spinner />}
      {mine.length > 0 && (
        <>
          <h3 className="subheading template-shortcuts-heading">{t('templateShortcuts.mine')}</h3>
          {cards(mine)}
        </>
      )}
      {system.length > 0 && (
        <>
          <h3 className="subheading template-shortcuts-heading">{t('templateShortcuts.suggested')}</h3>
          {cards(system.slice(0, SYSTEM_SHOWN))}
        </>
      )}
      <TemplatePreviewDialog template={preview} starting={starting} onStart={start} onClose={() => setPreview(null)} />
      {dialog}
    </section>
  );
}
