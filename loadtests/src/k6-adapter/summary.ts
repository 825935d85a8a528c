import type { Aggregate } from './metrics.ts';
import type { RunResult } from './runner.ts';

const TREND_FIGURES = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)'];

function time(ms: number) {
  if (ms === 0) return '0s';
  if (ms >= 60_000) return `${Math.floor(ms / 60_000)}m${((ms % 60_000) / 1000).toFixed(1)}s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)}s`;
  if (ms >= 1) return `${ms.toFixed(2)}ms`;
  return `${(ms * 1000).toFixed(2)}µs`;
}

function kB(bytes: number) {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`;
}

/** A metric's figures, named as k6's handleSummary data names them for its kind. */
function figuresOf(aggregate: Aggregate, seconds: number): Record<string, number> {
  switch (aggregate.kind) {
    case 'trend':
      return Object.fromEntries(TREND_FIGURES.map((figure) => [figure, aggregate.figure(figure, seconds)]));
    case 'counter':
      return { count: aggregate.sum, rate: aggregate.sum / seconds };
    case 'rate':
      return {
        rate: aggregate.figure('rate', seconds),
        passes: aggregate.nonZero,
        fails: aggregate.count - aggregate.nonZero,
      };
    case 'gauge':
      return { value: aggregate.last, min: aggregate.min, max: aggregate.max };
  }
}

/** A metric's figures as the text summary shows them. */
function describe(name: string, aggregate: Aggregate, seconds: number) {
  const figures = figuresOf(aggregate, seconds);
  const value = (figure: string) => {
    const raw = figures[figure] ?? 0;
    return aggregate.isTime ? time(raw) : Number(raw.toFixed(2)).toString();
  };
  const { count = 0, rate = 0, passes = 0, fails = 0 } = figures;
  switch (aggregate.kind) {
    case 'trend':
      return TREND_FIGURES.map((figure) => `${figure}=${value(figure)}`).join(' ');
    case 'counter':
      if (name.startsWith('data_')) return `${kB(count)}  ${kB(rate)}/s`;
      return `${Number(count.toFixed(2))}  ${rate.toFixed(2)}/s`;
    case 'rate':
      return `${(rate * 100).toFixed(2)}%  ✓ ${passes}  ✗ ${fails}`;
    case 'gauge':
      return `${value('value')}  min=${value('min')}  max=${value('max')}`;
  }
}

/** The end-of-test summary, laid out as k6 prints it. */
export function textSummary(result: RunResult, script: string) {
  const seconds = result.durationMs / 1000;
  const lines: string[] = [
    '',
    '     execution: local (k6 adapter on Node; see loadtests/k6/README.md)',
    `        script: ${script}`,
    `     scenarios: ${result.scenarios.length} scenario(s), ${result.scenarios.reduce((sum, s) => sum + s.vus, 0)} max VUs`,
    ...result.scenarios.map((s) => `              * ${s.name}: ${s.executor}, ${s.vus} VUs (exec: ${s.exec})`),
    '',
  ];
  const groups = new Map<string, typeof result.checks>();
  for (const tally of result.checks) groups.set(tally.group, [...(groups.get(tally.group) ?? []), tally]);
  for (const [group, tallies] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const depth = group === '' ? 0 : group.split('::').length - 1;
    const indent = '     '.padEnd(5 + depth * 2);
    if (group !== '') lines.push(`${'     '.padEnd(5 + (depth - 1) * 2)}█ ${group.split('::').at(-1)}`, '');
    for (const tally of tallies) {
      const total = tally.passes + tally.fails;
      if (tally.fails === 0) lines.push(`${indent}✓ ${tally.name}`);
      else {
        lines.push(`${indent}✗ ${tally.name}`);
        lines.push(`${indent} ↳  ${Math.floor((tally.passes / total) * 100)}% — ✓ ${tally.passes} / ✗ ${tally.fails}`);
      }
    }
    lines.push('');
  }
  const verdicts = new Map<string, boolean>();
  for (const threshold of result.thresholds) {
    verdicts.set(threshold.metric, (verdicts.get(threshold.metric) ?? true) && threshold.ok);
  }
  const rows: [string, string][] = [];
  const mark = (name: string) => (verdicts.has(name) ? (verdicts.get(name) ? '✓ ' : '✗ ') : '  ');
  const submetrics = result.registry.namedSubmetrics();
  for (const [name, aggregate] of [...result.registry.metrics].sort(([a], [b]) => a.localeCompare(b))) {
    rows.push([`${mark(name)}${name}`, describe(name, aggregate, seconds)]);
    for (const [selector, sub] of submetrics) {
      if (!selector.startsWith(`${name}{`)) continue;
      rows.push([`${mark(selector)}  ${selector.slice(name.length)}`, describe(name, sub, seconds)]);
    }
  }
  for (const threshold of result.thresholds) {
    const metric = threshold.metric.replace(/\{.*$/, '');
    if (!result.registry.metrics.has(metric)) rows.push([`${mark(threshold.metric)}${threshold.metric}`, 'no samples']);
  }
  const width = Math.max(...rows.map(([name]) => name.length)) + 3;
  for (const [name, text] of rows) lines.push(`   ${name.padEnd(width, '.')}: ${text}`);
  lines.push('');
  if (result.interruptedIterations > 0) lines.push(`     interrupted iterations: ${result.interruptedIterations}`, '');
  const crossed = result.thresholds.filter((threshold) => !threshold.ok);
  for (const threshold of crossed) {
    lines.push(
      `ERRO threshold crossed: ${threshold.metric} ${threshold.expression} (got ${Number(threshold.value.toFixed(4))})`,
    );
  }
  if (result.aborted) lines.push(`ERRO the run was aborted: ${result.aborted}`);
  return lines.join('\n');
}

/** Machine-readable figures, shaped like the data k6 hands to handleSummary. */
export function jsonSummary(result: RunResult) {
  const seconds = result.durationMs / 1000;
  const thresholdsOf = (selector: string) =>
    Object.fromEntries(
      result.thresholds.filter((t) => t.metric === selector).map((t) => [t.expression, { ok: t.ok, value: t.value }]),
    );
  const metric = (selector: string, aggregate: Aggregate) => {
    const values = figuresOf(aggregate, seconds);
    return {
      type: aggregate.kind,
      contains: aggregate.isTime ? 'time' : 'default',
      values,
      thresholds: thresholdsOf(selector),
    };
  };
  return {
    state: { testRunDurationMs: result.durationMs },
    metrics: Object.fromEntries([
      ...[...result.registry.metrics].map(([name, aggregate]) => [name, metric(name, aggregate)]),
      ...result.registry.namedSubmetrics().map(([selector, aggregate]) => [selector, metric(selector, aggregate)]),
    ]),
    thresholds: result.thresholds,
    checks: result.checks,
    interruptedIterations: result.interruptedIterations,
    ...(result.aborted && { aborted: result.aborted }),
  };
}
