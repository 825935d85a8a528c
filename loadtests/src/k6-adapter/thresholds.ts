/**
 * k6 threshold expressions (`p(95)<500`, `rate<0.01`, `count>0`, `avg<=200`): an aggregation of
 * a metric, a comparison and a number. Parsed once before the run, evaluated on the final figures.
 */

type Aggregation = 'avg' | 'min' | 'max' | 'med' | 'count' | 'rate' | 'value' | `p(${number})`;
type Comparison = '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';

export type ThresholdExpression = {
  source: string;
  aggregation: Aggregation;
  /** The percentile when `aggregation` is p(N). */
  percentile?: number;
  comparison: Comparison;
  limit: number;
};

const EXPRESSION =
  /^\s*(avg|min|max|med|count|rate|value|p\(\s*(\d+(?:\.\d+)?)\s*\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*$/i;

export function parseThreshold(source: string): ThresholdExpression {
  const match = EXPRESSION.exec(source);
  if (!match) throw new Error(`threshold "${source}": expected <aggregation> <comparison> <number>, e.g. p(95)<500`);
  const [, aggregationText = '', percentileText, comparison, limitText = ''] = match;
  const percentile = percentileText === undefined ? undefined : Number(percentileText);
  if (percentile !== undefined && (percentile < 0 || percentile > 100)) {
    throw new Error(`threshold "${source}": a percentile is between 0 and 100`);
  }
  return {
    source,
    aggregation: (percentile === undefined ? aggregationText.toLowerCase() : `p(${percentile})`) as Aggregation,
    ...(percentile !== undefined && { percentile }),
    comparison: comparison as Comparison,
    limit: Number(limitText),
  };
}

/** Which aggregations make sense on which kind of metric, as k6 checks before it starts. */
const ALLOWED: Record<MetricKind, (aggregation: Aggregation) => boolean> = {
  counter: (a) => a === 'count' || a === 'rate',
  gauge: (a) => a === 'value',
  rate: (a) => a === 'rate',
  trend: (a) => ['avg', 'min', 'max', 'med'].includes(a) || a.startsWith('p('),
};

export type MetricKind = 'counter' | 'gauge' | 'rate' | 'trend';

export function assertApplies(expression: ThresholdExpression, kind: MetricKind, metric: string) {
  if (!ALLOWED[kind](expression.aggregation)) {
    throw new Error(
      `threshold "${expression.source}" on ${metric}: ${expression.aggregation} does not apply to a ${kind}`,
    );
  }
}

/** Whether `value` (the figure the expression's aggregation names) meets the threshold. */
export function meets(expression: ThresholdExpression, value: number) {
  const { comparison, limit } = expression;
  switch (comparison) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '>':
      return value > limit;
    case '>=':
      return value >= limit;
    case '==':
    case '===':
      return value === limit;
    case '!=':
      return value !== limit;
  }
}

/** `http_req_duration{scenario:smoke,method:GET}` → the metric and the tags a sample must carry. */
export function parseMetricSelector(selector: string): { metric: string; tags: Record<string, string> } {
  const match = /^([^{}]+?)(?:\{(.*)\})?$/.exec(selector.trim());
  if (!match) throw new Error(`threshold metric "${selector}" is not a name or name{tag:value}`);
  const tags: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter((part) => part.trim() !== '')) {
    const colon = pair.indexOf(':');
    if (colon < 1) throw new Error(`threshold metric "${selector}": a tag filter is tag:value`);
    tags[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return { metric: match[1] ?? '', tags };
}
