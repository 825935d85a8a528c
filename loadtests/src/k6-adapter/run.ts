/**
 * Runs a k6 script under Node: `node loadtests/src/k6-adapter/run.ts [run] [-e KEY=VALUE]...
 * [--summary-export FILE] script.js`. Prints a k6-like summary; exits 99 when a threshold is
 * crossed and 107 when the script could not run (k6's own exit codes), else 0.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCRIPT_FAILED, THRESHOLDS_CROSSED } from './exit-codes.ts';
import { runScript } from './runner.ts';
import { jsonSummary, textSummary } from './summary.ts';

function parseArguments(argv: string[]) {
  const env: Record<string, string> = {};
  let summaryExport: string | undefined;
  let script: string | undefined;
  const args = argv[0] === 'run' ? argv.slice(1) : argv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-e' || arg === '--env') {
      const pair = args[++i] ?? '';
      const equals = pair.indexOf('=');
      if (equals < 1) throw new Error(`${arg} takes KEY=VALUE, got "${pair}"`);
      env[pair.slice(0, equals)] = pair.slice(equals + 1);
    } else if (arg === '--summary-export') {
      summaryExport = args[++i];
    } else if (arg.startsWith('--summary-export=')) {
      summaryExport = arg.slice('--summary-export='.length);
    } else if (arg.startsWith('-')) {
      throw new Error(`the adapter does not take ${arg}`);
    } else {
      script = arg;
    }
  }
  if (!script) throw new Error('usage: run.ts [run] [-e KEY=VALUE]... [--summary-export FILE] script.js');
  return { env, summaryExport, script };
}

const { env, summaryExport, script } = parseArguments(process.argv.slice(2));
// As k6 does by default, the script sees the system's environment, and -e on top of it.
const scriptEnv = { ...(process.env as Record<string, string>), ...env };
const result = await runScript(path.resolve(script), scriptEnv, (line) => console.log(line));
console.log(textSummary(result, script));
if (summaryExport) writeFileSync(summaryExport, `${JSON.stringify(jsonSummary(result), null, 2)}\n`);
process.exitCode = result.aborted ? SCRIPT_FAILED : result.thresholds.some((t) => !t.ok) ? THRESHOLDS_CROSSED : 0;
