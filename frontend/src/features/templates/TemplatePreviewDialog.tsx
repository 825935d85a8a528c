import type { Template } from '@fitness/contracts';
import { AlertTriangle, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { describePlan } from '../../lib/plan.ts';
import { useServices } from '../../lib/services.ts';

/**
 * A template's exercises and plans before starting it, with exercises the library lacks flagged;
 * it closes once `onStart` is done. `starting` is the template whose start is under way (see
 * useTemplateStart). `onDelete`, where given, offers to delete one of the user's own.
 */
export function TemplatePreviewDialog({
  template,
  starting,
  onStart,
  onDelete,
  onClose,
}: {
  template: Template | null;
  starting: string | null;
  onStart: (template: Template) => Promise<void>;
  onDelete?: (template: Template) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { units } = useSnapshot(useServices().settings.state);

  return (
    <ModalDialog open={template !== null} onClose={onClose} labelledBy="template-title" wide>
      {template && (
        <div className="stack">
          <div className="stack-sm">
            <h2 id="template-title">{template.name}</h2>
            {template.description && <p className="muted">{template.description}</p>}
          </div>
          <ol className="list" data-testid="template-exercises">
            {template.exercises.map((entry, index) => (
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
          {template.exercises.some((entry) => !entry.found) && (
            <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
              {t('templates.missingNote')}
            </p>
          )}
          <div className="dialog-actions" style={{ justifyContent: 'space-between' }}>
            <div>
              {template.is_custom && onDelete && (
                <Button variant="ghost" icon={<Trash2 size={16} />} onClick={() => onDelete(template)}>
                  {t('templates.delete')}
                </Button>
              )}
            </div>
            <div className="row" style={{ gap: 'var(--space-2)' }}>
              <Button onClick={onClose}>{t('common.close')}</Button>
              <Button
                variant="primary"
                icon={<Play size={16} />}
                busy={starting === template.id}
                onClick={async () => {
                  await onStart(template);
                  onClose();
                }}
              >
                {starting === template.id ? t('templates.starting') : t('templates.start')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
