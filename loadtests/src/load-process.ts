import { type LoadOptions, load } from './measure.ts';

/**
 * Runs load phases one after another in this process and prints their results as one line of
 * JSON: `node load-process.ts '<LoadOptions[] as JSON>'`. `loadsInFreshProcess` (measure.ts)
 * starts it, so that the client measuring a latency starts with an empty heap rather than the
 * bench's own, which has just written a million events.
 */
const phases = JSON.parse(process.argv[2] ?? '[]') as LoadOptions[];
const results = [];
for (const phase of phases) results.push(await load(phase));
process.stdout.write(`${JSON.stringify(results)}\n`);
