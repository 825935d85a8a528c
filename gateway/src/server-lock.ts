import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded server leaves its pid in DATA_DIR while it runs, so the developer tools can
 * refuse work that would race its live projections (a rebuild) instead of corrupting a read
 * model. A pid file left by a killed server names a dead process and is ignored.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function holdServerLock(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), String(process.pid));
  return () => {
    if (runningServerPid(dataDir) === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
  };
}

export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
