/**
 * The attacker of the hostile-body bench, in a process of its own so that its sending does not
 * slow the client measuring another user's latency: sends one body in bursts of `burst` at
 * once, `pauseMs` apart, for `seconds`, and prints how many it sent as one line of JSON.
 * `node hostile-burst-process.ts '<BurstOptions as JSON>'`; hostile-body-bench.ts starts it.
 */
export type BurstOptions = {
  url: string;
  token: string;
  /** The body: these fields and `unknownKeys` keys no schema knows (text: `text` as it is). */
  body: { fields: Record<string, unknown>; unknownKeys: number } | { text: string };
  burst: number;
  pauseMs: number;
  seconds: number;
};

/** A JSON object of the given fields and `count` keys no schema knows. */
export function withUnknownKeys(fields: Record<string, unknown>, count: number) {
  const body: Record<string, unknown> = { ...fields };
  for (let i = 0; i < count; i++) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

export const bodyText = (body: BurstOptions['body']) =>
  'text' in body ? body.text : withUnknownKeys(body.fields, body.unknownKeys);

async function bursts(options: BurstOptions) {
  const text = bodyText(options.body);
  const headers = {
    'content-type': 'application/json',
    ...(options.token && { authorization: `Bearer ${options.token}` }),
  };
  const send = async () => {
    const response = await fetch(options.url, { method: 'POST', headers, body: text });
    await response.arrayBuffer();
  };
  const until = performance.now() + options.seconds * 1000;
  let sent = 0;
  while (performance.now() < until) {
    await Promise.all(Array.from({ length: options.burst }, send));
    sent += options.burst;
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  }
  return sent;
}

if (import.meta.main) {
  const sent = await bursts(JSON.parse(process.argv[2] ?? '{}') as BurstOptions);
  process.stdout.write(`${JSON.stringify({ sent })}\n`);
}
