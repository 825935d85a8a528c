import type { MetricKind } from '../thresholds.ts';
import { emit } from '../vu-bridge.ts';

/** k6's custom metrics: each `add` is a sample under the current tags, folded by the runner. */
class CustomMetric {
  readonly name: string;
  private readonly kind: MetricKind;
  private readonly isTime: boolean;

  constructor(name: string, kind: MetricKind, isTime = false) {
    this.name = name;
    this.kind = kind;
    this.isTime = isTime;
  }

  add(value: number | boolean, tags: Record<string, string> = {}) {
    emit(this.name, this.kind, typeof value === 'boolean' ? Number(value) : value, tags, this.isTime);
  }
}

export class Counter extends CustomMetric {
  constructor(name: string) {
    super(name, 'counter');
  }
}

export class Gauge extends CustomMetric {
  constructor(name: string, isTime = false) {
    super(name, 'gauge', isTime);
  }
}

export class Rate extends CustomMetric {
  constructor(name: string) {
    super(name, 'rate');
  }
}

export class Trend extends CustomMetric {
  constructor(name: string, isTime = false) {
    super(name, 'trend', isTime);
  }
}

export default { Counter, Gauge, Rate, Trend };
