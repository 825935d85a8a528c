import type { Template } from '@fitness/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkoutStarter } from '../../components/WorkoutStarter.tsx';
import { localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/**
 * Starts a workout from a template in one tap, and opens it (one workout at a time: with one in
 * progress, `dialog` asks first). `starting` is the template whose start is under way.
 */
export function useTemplateStart() {
  const { t } = useTranslation();
  const { workouts, toasts } = useServices();
  const starter = useWorkoutStarter();
  const [starting, setStarting] = useState<string | null>(null);

  async function start(template: Template) {
    setStarting(template.id);
    try {
      await starter.start(() => workouts.startFromTemplate(template, localToday()));
    } catch {
      toasts.error(t('templates.failedToStart'));
    } finally {
      setStarting(null);
    }
  }

  return { start, starting, dialog: starter.dialog };
}
