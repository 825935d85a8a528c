import {
  assertApplies,
  type MetricKind,
  meets,
  parseMetricSelector,
  parseThreshold,
  type ThresholdExpression,
} from './thresholds.ts';

/** One measurement a VU sends: as k6's metric samples, with the tags it was taken under. */
export type Sample = {
  metric: string;
  kind: MetricKind;
  value: number;
  tags: Record<string, string>;
  isTime?: boolean;
};

/** The built-in metrics k6 knows without being told, with their kind; anything else is declared by its first sample. */
const BUILT_IN: Record<string, { kind: MetricKind; isTime?: boolean }> = {
  checks: { kind: 'rate' },
  data_received: { kind: 'counter' },
  data_sent: { kind: 'counter' },
  group_duration: { kind: 'trend', isTime: true },
  http_req_blocked: { kind: 'trend', isTime: true },
  http_req_connecting: { kind: 'trend', isTime: true },
  http_req_duration: { kind: 'trend', isTime: true },
  http_req_failed: { kind: 'rate' },
  http_req_receiving: { kind: 'trend', isTime: true },
  http_req_sending: { kind: 'trend', isTime: true },
  http_req_tls_handshaking: { kind: 'trend', isTime: true },
  http_req_waiting: { kind: 'trend', isTime: true },
  http_reqs: { kind: 'counter' },
  iteration_duration: { kind: 'trend', isTime: true },
  iterations: { kind: 'counter' },
  vus: { kind: 'gauge' },
  vus_max: { kind: 'gauge' },
  ws_connecting: { kind: 'trend', isTime: true },
  ws_msgs_received: { kind: 'counter' },
  ws_msgs_sent: { kind: 'counter' },
  ws_session_duration: { kind: 'trend', isTime: true },
  ws_sessions: { kind: 'counter' },
};

/** The running figures of one metric (or of a submetric: the samples carrying some tags). */
export class Aggregate {
  readonly values: number[] = [];
  count = 0;
  sum = 0;
  nonZero = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  last = 0;
  private sorted = true;

  readonly kind: MetricKind;
  readonly isTime: boolean;

  constructor(kind: MetricKind, isTime = false) {
    this.kind = kind;
    this.isTime = isTime;
  }

  add(value: number) {
    this.count += 1;
    this.sum += value;
    if (value !== 0) this.nonZero += 1;
    this.min = Math.min(this.min, value);
    this.max = Math.max(this.max, value);
    this.last = value;
    if (this.kind === 'trend') {
      this.values.push(value);
      this.sorted = false;
    }
  }

  /** The p-th percentile (0..100), interpolated between the two nearest samples as k6 does. */
  percentile(p: number) {
    if (this.values.length === 0) return 0;
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    const position = (p / 100) * (this.values.length - 1);
    const below = Math.floor(position);
    const lower = this.values[below] ?? 0;
    const upper = this.values[Math.min(below + 1, this.values.length - 1)] ?? lower;
    return lower + (upper - lower) * (position - below);
  }

  /** The figure a threshold aggregation names; `seconds` is the test's length, for a counter's rate. */
  figure(aggregation: string, seconds: number): number {
    if (aggregation.startsWith('p(')) return this.percentile(Number(aggregation.slice(2, -1)));
    switch (aggregation) {
      case 'avg':
        return this.count === 0 ? 0 : this.sum / this.count;
      case 'min':
        return this.count === 0 ? 0 : this.min;
      case 'max':
        return this.count === 0 ? 0 : this.max;
      case 'med':
        return this.percentile(50);
      case 'count':
        return this.kind === 'counter' ? this.sum : this.count;
      case 'rate':
        if (this.kind === 'counter') return seconds > 0 ? this.sum / seconds : 0;
        return this.count === 0 ? 0 : this.nonZero / this.count;
      case 'value':
        return this.last;
      default:
        throw new Error(`no aggregation ${aggregation}`);
    }
  }
}

export type ThresholdResult = { metric: string; expression: string; value: number; ok: boolean };

type Threshold = { selector: string; expression: ThresholdExpression; abortOnFail: boolean };
type Submetric = { selector: string; metric: string; tags: Record<string, string>; aggregate?: Aggregate };

/** `options.thresholds` as k6 writes them: a string each, or `{ threshold, abortOnFail }`. */
export type ThresholdOptions = Record<string, (string | { threshold: string; abortOnFail?: boolean })[]>;

/** Every sample of the run, folded into per-metric aggregates and the submetrics thresholds name. */
export class MetricRegistry {
  readonly metrics = new Map<string, Aggregate>();
  private readonly thresholds: Threshold[] = [];
  private readonly submetrics = new Map<string, Submetric>();

  constructor(thresholds: ThresholdOptions = {}) {
    for (const [selector, list] of Object.entries(thresholds)) {
      const { metric, tags } = parseMetricSelector(selector);
      if (Object.keys(tags).length > 0) this.submetrics.set(selector, { selector, metric, tags });
      for (const entry of list) {
        const source = typeof entry === 'string' ? entry : entry.threshold;
        const expression = parseThreshold(source);
        const builtIn = BUILT_IN[metric];
        if (builtIn) assertApplies(expression, builtIn.kind, metric);
        this.thresholds.push({ selector, expression, abortOnFail: typeof entry !== 'string' && !!entry.abortOnFail });
      }
    }
  }

  add(sample: Sample) {
    const known = BUILT_IN[sample.metric];
    const kind = known?.kind ?? sample.kind;
    const isTime = known?.isTime ?? sample.isTime ?? false;
    let aggregate = this.metrics.get(sample.metric);
    if (!aggregate) {
      aggregate = new Aggregate(kind, isTime);
      this.metrics.set(sample.metric, aggregate);
    }
    aggregate.add(sample.value);
    for (const submetric of this.submetrics.values()) {
      if (submetric.metric !== sample.metric) continue;
      if (!Object.entries(submetric.tags).every(([tag, value]) => sample.tags[tag] === value)) continue;
      submetric.aggregate ??= new Aggregate(kind, isTime);
      submetric.aggregate.add(sample.value);
    }
  }

  /** Submetrics named by thresholds, for the summary. */
  namedSubmetrics() {
    return [...this.submetrics.values()].flatMap((s) => (s.aggregate ? [[s.selector, s.aggregate] as const] : []));
  }

  /**
   * Each threshold against the final figures. A threshold on a metric that got no samples at all
   * fails unless it is a count that must stay at or under its limit: k6 treats an empty metric as
   * zero, which silently passes `rate<0.01` on a run that made no request, and that is the run we
   * most want to hear about.
   */
  evaluate(seconds: number): ThresholdResult[] {
    return this.thresholds.map(({ selector, expression }) => {
      const aggregate = this.submetrics.has(selector)
        ? this.submetrics.get(selector)?.aggregate
        : this.metrics.get(parseMetricSelector(selector).metric);
      if (!aggregate || aggregate.count === 0) {
        const value = 0;
        const ok = expression.aggregation === 'count' && meets(expression, value);
        return { metric: selector, expression: expression.source, value, ok };
      }
      const value = aggregate.figure(expression.aggregation, seconds);
      return { metric: selector, expression: expression.source, value, ok: meets(expression, value) };
    });
  }
}
