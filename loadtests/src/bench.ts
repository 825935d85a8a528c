import os from 'node:os';
import {
  bareFastifyRequestsPerSecond,
  durableAppendRequestsPerSecond,
  rawSqliteInsertsPerSecond,
} from './baselines.ts';
import { benchReport } from './bench-report.ts';
import { erasureTime } from './erasure-bench.ts';
import { frontendFigures } from './frontend-bench.ts';
import { heavyReaderBench } from './heavy-reader-bench.ts';
import { hostileBodyBench } from './hostile-body-bench.ts';
import { worstCaseImport } from './import-bench.ts';
import { lighthouseFigures } from './lighthouse-bench.ts';
import { liveRequestsBench } from './live-requests-bench.ts';
import { logSetsBench } from './log-sets-bench.ts';
import { logSetsWithProjections } from './log-sets-in-process-bench.ts';
import { fixed } from './measure.ts';
import { memoryWithLogAndSockets } from './memory-bench.ts';
import { metricsFlatness } from './metrics-bench.ts';
import { rebuildRates } from './rebuild-bench.ts';
import { soak } from './soak.ts';

/**
 * `npm run bench`: the embedded product's figures on this machine, each next to what the
 * machine can do at best (a baseline measured in the same run) and their ratio. Issue 14's
 * figures are P1–P6 (targets: p99 ≤ 10 ms and ratio ≤ 1.2 for P4); the rest guard earlier work (imports, heavy readers, erasure, the soak).
 * BENCH_QUICK=1 is a short run (a few minutes: short phases, smaller logs, no soak);
 * BENCH_SECONDS sets each load phase's length (default 10, quick 3); BENCH_SOAK_MINUTES the
 * mixed-load soak at the end (default 10, quick 0). Each part runs alone too: see the modules.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? (QUICK ? 0 : 10));
const CLIENTS = 50;
const REBUILD_EVENTS = QUICK ? 20_000 : 100_000;
const MEMORY_EVENTS = QUICK ? 100_000 : 1_000_000;
const MEMORY_SOCKETS = 1000;

const { report, section, summary } = benchReport();

async function main() {
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, ${SECONDS} s per load phase${QUICK ? ' (BENCH_QUICK)' : ''}`,
  );

  section('Baselines: what this machine does at best');
  const rawInserts = rawSqliteInsertsPerSecond(Math.min(SECONDS, 5));
  report('raw better-sqlite3 durable single-row inserts/s', fixed(rawInserts, 0));
  const bare = await bareFastifyRequestsPerSecond(CLIENTS, SECONDS);
  report(`bare Fastify POST requests/s (${CLIENTS} connections)`, fixed(bare.requestsPerSecond, 0));
  report('   server CPU per request (µs, every thread)', fixed(bare.cpu.serverUs, 1));
  const appendOnly = await durableAppendRequestsPerSecond(CLIENTS, SECONDS);
  report(
    '   the same route appending one event durably: req/s (ratio to bare)',
    `${fixed(appendOnly.requestsPerSecond, 0)} (${fixed(appendOnly.requestsPerSecond / bare.requestsPerSecond, 3)})`,
  );

  section('P1 log a set, P2 live push');
  await logSetsBench(bare, { clients: CLIENTS, seconds: SECONDS, rawInserts, report });
  const live = await liveRequestsBench();
  report(
    `P2r HTTP requests a 2nd open device makes per set logged elsewhere (${live.sets} sets; target 0)`,
    fixed(live.requestsPerSet, 2),
  );
  report(
    '   the set on its screen, from the send: p50 / p99 (ms, Chromium)',
    `${fixed(live.p50Ms)} / ${fixed(live.p99Ms)}`,
  );
  report('   requests per set that beats a record (its records are read again)', fixed(live.requestsPerRecordSet, 2));
  const inProcess = await logSetsWithProjections(CLIENTS, SECONDS);
  report(
    'log a set in process (no HTTP), projections following: sets/s',
    `${fixed(inProcess.setsPerSecond, 0)} (caught up ${fixed(inProcess.catchUpMs, 0)} ms after)`,
  );

  section('P3 rebuild');
  const rebuild = await rebuildRates(REBUILD_EVENTS);
  report(`raw better-sqlite3 inserts in batches of 500 (rows/s)`, fixed(rebuild.rawBatchedInserts, 0));
  report(
    `P3 every projection together, ${rebuild.events} events (events/s; target ≥ 62k) | ratio`,
    `${fixed(rebuild.every, 0)} | ${fixed(rebuild.every / rebuild.rawBatchedInserts, 3)}`,
  );
  report(
    `P3 the workouts projection alone (events/s) | ratio`,
    `${fixed(rebuild.workouts, 0)} | ${fixed(rebuild.workouts / rebuild.rawBatchedInserts, 3)}`,
  );

  section("P4 reads of an account with a year of history, 10 connections, other users' history in the log");
  const flat = await metricsFlatness({ quick: QUICK });
  const sizes = Object.keys(flat.bySize);
  console.log(
    `   (the account: ${flat.accountEvents} events of its own; log sizes: ${sizes.join(', ')} events of others)`,
  );
  for (const endpoint of Object.keys(flat.p99Ratio)) {
    const bySize = sizes.map((size) => {
      const figures = flat.bySize[size]?.[endpoint];
      return figures ? `${fixed(figures.p50)}/${fixed(figures.p99)}` : 'n/a';
    });
    report(
      `P4 ${endpoint} p50/p99 (ms) per log size | p99 ratio largest/smallest (target ≤ 1.2)`,
      `${bySize.join(' ')} | ${fixed(flat.p99Ratio[endpoint] ?? Number.NaN, 2)}`,
    );
  }

  section('P5 the web app in Chromium (localhost)');
  const web = await frontendFigures();
  report(
    'P5 initial JavaScript, gzipped: sign-in | dashboard (KB; target 150)',
    `${fixed(web.signInJsGzipKb)} | ${fixed(web.dashboardJsGzipKb)}`,
  );
  report(
    '   as sent (brotli): sign-in | dashboard (KB)',
    `${fixed(web.signInJsTransferKb)} | ${fixed(web.dashboardJsTransferKb)}`,
  );
  report(
    '   time to the first screen, median of cold loads: sign-in | dashboard (ms)',
    `${fixed(web.signInFirstScreenMs, 0)} | ${fixed(web.dashboardFirstScreenMs, 0)}`,
  );

  section('W1 Lighthouse 12.2.3, signed-in dashboard, mobile (Debian Chromium, median of 3 audits)');
  const lighthouse = await lighthouseFigures();
  report(
    'W1 performance score | CLS (targets ≥ 90 | ≤ 0.05)',
    `${fixed(lighthouse.performanceScore, 0)} | ${fixed(lighthouse.cls, 3)}`,
  );
  report(
    '   LCP | TBT | main-thread work (ms, simulated phone)',
    `${fixed(lighthouse.lcpMs, 0)} | ${fixed(lighthouse.tbtMs, 0)} | ${fixed(lighthouse.mainThreadMs, 0)}`,
  );
  report(
    '   each audit: score (CLS)',
    lighthouse.runs.map((run) => `${run.performanceScore} (${fixed(run.cls, 3)})`).join(', '),
  );

  section('P6 memory');
  const memory = await memoryWithLogAndSockets(MEMORY_EVENTS, MEMORY_SOCKETS);
  report(
    `P6 server RSS, ${memory.events} events in the log, ${memory.sockets} sockets (MB; target 250)`,
    fixed(memory.rssMb, 0),
  );
  report('   RSS once caught up, before the sockets (MB)', fixed(memory.afterCatchUpMb, 0));
  report(`   catching up ${memory.events} events on start (s)`, fixed(memory.catchUpMs / 1000, 1));

  section('Guards of earlier work');
  for (const sentAs of ['csv', 'json'] as const) {
    const worst = await worstCaseImport(sentAs);
    const how = sentAs === 'csv' ? 'as text/csv (the web app)' : 'inside JSON';
    report(`import ${fixed(worst.megabytes)} MB ${how}, worst case (ms; under 1000)`, fixed(worst.importMs, 0));
    report(
      `   another user's GET /workouts meanwhile, p50 / max (ms, n=${worst.others.n}; max under 100)`,
      `${fixed(worst.others.p50)} / ${fixed(worst.others.max)}`,
    );
  }

  const heavy = await heavyReaderBench();
  report(
    `another user's GET /workouts p50 / p99 (ms): alone | while ${heavy.workouts / 1000}k workouts are read 10 at once`,
    `${fixed(heavy.baseline.p50)} / ${fixed(heavy.baseline.p99)} | ${fixed(heavy.meanwhile.p50)} / ${fixed(heavy.meanwhile.p99)}`,
  );
  report(
    "   the heavy account's answers (status: count; 429: past its turn)",
    Object.entries(heavy.heavyAnswers)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', '),
  );

  section('Hostile bodies (issue 30): bursts of 10 from one address, 100 ms apart');
  const hostile = await hostileBodyBench();
  report(
    "another user's GET /workouts p99 (ms): alone | during bursts of a 2-byte wrong sign-in",
    `${fixed(hostile.baseline.p99)} | ${fixed(hostile.ordinary.meanwhile.p99)}`,
  );
  for (const body of hostile.bodies) {
    report(
      `${body.name} (${fixed(body.kilobytes, 0)} KB): answer p50 alone (ms; target 20), status, bytes`,
      `${fixed(body.alone.p50)}, ${body.alone.status}, ${body.alone.answerBytes}`,
    );
    report(
      "   another user's p99 during its bursts (ms) | ratio to alone (target 2)",
      `${fixed(body.meanwhile.p99)} | ${fixed(body.meanwhile.p99 / hostile.baseline.p99, 2)}`,
    );
  }

  const erasure = await erasureTime(REBUILD_EVENTS);
  report(
    `erase a deleted account from the log: ${erasure.streams} streams, ${REBUILD_EVENTS} events (ms)`,
    fixed(erasure.ms, 0),
  );

  if (SOAK_MINUTES > 0) {
    const minutes = await soak(SOAK_MINUTES, console.log);
    const first = minutes[0];
    const last = minutes.at(-1);
    if (first && last) {
      report(
        `soak ${SOAK_MINUTES} min: p99 first / last minute (ms; flat: ratio near 1)`,
        `${fixed(first.p99)} / ${fixed(last.p99)} (${fixed(last.p99 / first.p99, 2)})`,
      );
      report(
        `soak ${SOAK_MINUTES} min: server RSS first / last minute (MB)`,
        `${fixed(first.rssMb, 0)} / ${fixed(last.rssMb, 0)} (${fixed(last.rssMb / first.rssMb, 2)})`,
      );
      report(
        `soak ${SOAK_MINUTES} min: requests answered / failed`,
        `${minutes.reduce((sum, m) => sum + m.requests, 0)} / ${minutes.reduce((sum, m) => sum + m.failed, 0)}`,
      );
    }
  }
  summary();
}

await main();
