import type { Template } from '@fitness/contracts';
import { Eye, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { formatNames } from '../../lib/format.ts';

/**
 * A template to start in one tap, its preview a secondary action. `compact` (the Workouts tab)
 * shows its exercises on one line instead of its description and badges.
 */
export function TemplateCard({
  template,
  compact = false,
  starting,
  onStart,
  onPreview,
}: {
  template: Template;
  compact?: boolean;
  starting: boolean;
  onStart: () => void;
  onPreview: () => void;
}) {
  const { t, i18n } = useTranslation();
  const exercises = t('templates.exercisesCount', { count: template.exercises.length });
  return (
    <article
      className={`card card-tight exercise-card template-card${compact ? ' template-card-compact' : ''}`}
      data-testid="template-card"
    >
      <div className="title-column">
        <h3>{template.name}</h3>
        {compact ? (
          <>
            <p className="list-meta">
              {template.is_custom
                ? `${t('templates.custom')} · ${exercises}`
                : `${exercises} · ${t(`enums.difficulty.${template.difficulty}`)}`}
            </p>
            <p className="list-meta template-card-exercises">
              {formatNames(
                template.exercises.map((entry) => entry.name),
                i18n.language,
              )}
            </p>
          </>
        ) : (
          <>
            {template.description && <p className="list-meta">{template.description}</p>}
            <div className="row template-card-badges">
              <span className="badge badge-progress">{t(`enums.category.${template.category}`)}</span>
              <span className="badge">{t(`enums.difficulty.${template.difficulty}`)}</span>
              <span className="badge">{exercises}</span>
              {template.is_custom && <span className="badge badge-done">{t('templates.custom')}</span>}
            </div>
          </>
        )}
      </div>
      <div className="template-card-actions">
        <Button
          variant="primary"
          className="template-card-start"
          icon={<Play size={16} aria-hidden />}
          busy={starting}
          onClick={onStart}
          aria-label={t('templates.startOf', { name: template.name })}
        >
          {t('workouts.start')}
        </Button>
        {compact ? (
          <Button
            variant="ghost"
            icon={<Eye size={18} aria-hidden />}
            onClick={onPreview}
            label={t('templates.previewOf', { name: template.name })}
          />
        ) : (
          <Button
            variant="ghost"
            icon={<Eye size={16} aria-hidden />}
            onClick={onPreview}
            aria-label={t('templates.previewOf', { name: template.name })}
          >
            {t('templates.preview')}
          </Button>
        )}
      </div>
    </article>
  );
}
