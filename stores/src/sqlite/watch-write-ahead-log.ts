import { watch } from 'node:fs';
import path from 'node:path';

/**
 * Calls `listener` whenever the write-ahead log of the SQLite database `file` is written: in WAL
 * mode every commit, from any process, appends its pages there. Watches the folder rather than
 * the log itself, as SQLite deletes the log when the last connection closes and creates it again
 * with the next, and a watch on the file would stay with the deleted one. Other files in the
 * folder (the event store's log) wake the watcher too and are passed over by name.
 *
 * inotify (Linux), FSEvents (macOS) and ReadDirectoryChangesW (Windows) all report these writes,
 * but some file systems (network mounts) report nothing: this is a hint for readers that also poll.
 */
export function watchWriteAheadLog(file: string, listener: () => void): () => void {
  const log = `${path.basename(file)}-wal`;
  const watcher = watch(path.dirname(file), { persistent: false }, (_event, name) => {
    if (name === log) listener();
  });
  // A watcher that fails (the folder went away) only stops the hints; the reader's poll goes on.
  watcher.on('error', () => watcher.close());
  return () => watcher.close();
}
