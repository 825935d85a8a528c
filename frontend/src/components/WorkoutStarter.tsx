import type { Workout, WorkoutSummary } from '@fitness/contracts';
import { CheckCircle2, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { formatRelative } from '../lib/format.ts';
import { useLibraryNames } from '../lib/library-names.ts';
import { useServices } from '../lib/services.ts';
import { Button } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';
import './workout-starter.css';

/** Starts the new workout (the API call), answering with it. */
type Begin = () => Promise<Workout>;

type Blocked = { current: WorkoutSummary; begin: Begin };

/**
 * Starting a workout, one at a time, for every start button (a template's, the Workouts tab's,
 * the start dialog's). `start(begin)` asks the server for a workout in progress first: with none,
 * it starts the new one and opens it; with one (here or on another device), `dialog` offers to
 * resume it, or to finish or discard it and then start. Render `dialog` beside the button.
 * `start` throws what the look-up or the start threw, for the caller to tell.
 */
export function useWorkoutStarter() {
  const [, navigate] = useLocation();
  const { inProgress } = useServices();
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  async function begin(start: Begin) {
    const workout = await start();
    navigate(`/workouts/${workout.id}`);
  }

  async function start(startNew: Begin) {
    const current = await inProgress.find();
    if (current) setBlocked({ current, begin: startNew });
    else await begin(startNew);
  }

  const dialog = (
    <InProgressDialog
      blocked={blocked}
      onResume={(current) => {
        setBlocked(null);
        navigate(`/workouts/${current.id}`);
      }}
      onThenStart={begin}
      onClose={() => setBlocked(null)}
    />
  );
  return { start, dialog };
}

/** What to do with the workout in progress before another starts. */
function InProgressDialog({
  blocked,
  onResume,
  onThenStart,
  onClose,
}: {
  blocked: Blocked | null;
  onResume: (current: WorkoutSummary) => void;
  onThenStart: (begin: Begin) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { workouts, toasts } = useServices();
  const names = useLibraryNames();
  const [busy, setBusy] = useState<'finish' | 'discard' | null>(null);
  const current = blocked?.current;

  async function endThenStart(how: 'finish' | 'discard') {
    if (!blocked) return;
    const { current, begin } = blocked;
    setBusy(how);
    try {
      if (how === 'finish') await workouts.end(current.id);
      else await workouts.remove(current.id);
    } catch {
      toasts.error(t(how === 'finish' ? 'workouts.failedToEnd' : 'workout.failedToDelete'));
      setBusy(null);
      return;
    }
    try {
      await onThenStart(begin);
      onClose();
    } catch {
      toasts.error(t('workouts.failedToStart'));
      onClose();
    } finally {
      setBusy(null);
    }
  }

  return (
    <ModalDialog
      open={blocked !== null}
      onClose={onClose}
      labelledBy="in-progress-title"
      describedBy="in-progress-body"
      holdWhile={busy !== null}
      testId="in-progress-dialog"
    >
      {current && (
        <div className="stack">
          <h2 id="in-progress-title">{t('inProgress.title')}</h2>
          <p id="in-progress-body" className="muted">
            {t('inProgress.body', {
              name: names.workout(current.name),
              when: formatRelative(current.started_at, i18n.language),
              sets: t('workouts.setsCount', { count: current.set_count }),
            })}
          </p>
          <div className="stack-sm">
            <Button
              variant="primary"
              block
              icon={<Play size={18} aria-hidden />}
              disabled={busy !== null}
              onClick={() => onResume(current)}
              autoFocus
            >
              {t('inProgress.resume')}
            </Button>
            <Button
              block
              icon={<CheckCircle2 size={16} aria-hidden />}
              busy={busy === 'finish'}
              disabled={busy !== null}
              onClick={() => endThenStart('finish')}
            >
              {t('inProgress.finish')}
            </Button>
            <Button
              variant="ghost"
              className="btn-danger-text"
              block
              icon={<Trash2 size={16} aria-hidden />}
              busy={busy === 'discard'}
              disabled={busy !== null}
              onClick={() => endThenStart('discard')}
            >
              {t('inProgress.discard')}
            </Button>
            <Button variant="ghost" block disabled={busy !== null} onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
