import type { ScenarioOptions } from './executors.ts';
import type { ThresholdOptions } from './metrics.ts';

/** The options a k6 script exports, as far as the adapter follows them. */
export type ScriptOptions = {
  scenarios?: Record<string, ScenarioOptions>;
  thresholds?: ThresholdOptions;
  vus?: number;
  iterations?: number;
  duration?: string;
  stages?: { duration: string; target: number }[];
};

/** The scenarios a script asks for; with none, k6's shortcut options (vus, iterations, duration, stages). */
export function scenariosOf(options: ScriptOptions): Record<string, ScenarioOptions> {
  if (options.scenarios && Object.keys(options.scenarios).length > 0) return options.scenarios;
  if (options.stages)
    return { default: { executor: 'ramping-vus', startVUs: options.vus ?? 1, stages: options.stages } };
  if (options.duration)
    return { default: { executor: 'constant-vus', vus: options.vus ?? 1, duration: options.duration } };
  return { default: { executor: 'shared-iterations', vus: options.vus ?? 1, iterations: options.iterations ?? 1 } };
}
