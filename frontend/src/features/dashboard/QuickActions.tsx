import { BookOpen, Dumbbell, TrendingUp, Utensils } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';

// Opened by a tap, never on the first frame: its code (the starter, the form dialog, ~4 KB
// gzipped) stays out of the dashboard's first download. The Workouts screen, which the app
// fetches once idle, brings it along, so a tap rarely waits for it.
const StartWorkoutDialog = lazy(() =>
  import('../../components/StartWorkoutDialog.tsx').then((module) => ({ default: module.StartWorkoutDialog })),
);

/**
 * What people open the app to do, first on the page: on a phone the bottom of a long dashboard
 * is several screens away. Two by two on a phone, one row wider.
 */
export function QuickActions() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  // The dialog mounts when first opened: its name field's autoFocus, mounted hidden with the page,
  // made the first frame work out every style of the page before it could paint (~40 ms on this
  // machine, ×4 on a phone).
  const [startOpened, setStartOpened] = useState(false);
  return (
    <section aria-labelledby="actions-title" data-testid="quick-actions">
      <h2 id="actions-title" className="visually-hidden">
        {t('dashboard.quickActions')}
      </h2>
      <div className="quick-actions">
        <Button
          variant="primary"
          icon={<Dumbbell size={20} />}
          onClick={() => {
            setStartOpened(true);
            setStarting(true);
          }}
        >
          {t('dashboard.startWorkout')}
        </Button>
        <ButtonLink href="/meals" icon={<Utensils size={20} aria-hidden />}>
          {t('dashboard.logMeal')}
        </ButtonLink>
        <ButtonLink href="/exercises" icon={<BookOpen size={20} aria-hidden />}>
          {t('dashboard.browseExercises')}
        </ButtonLink>
        <ButtonLink href="/progress" icon={<TrendingUp size={20} aria-hidden />}>
          {t('dashboard.seeProgress')}
        </ButtonLink>
      </div>
      {startOpened && (
        <Suspense fallback={null}>
          <StartWorkoutDialog open={starting} onClose={() => setStarting(false)} />
        </Suspense>
      )}
    </section>
  );
}
