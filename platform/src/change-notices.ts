import type { ChangeNotice } from '@fitness/contracts';

/** Where a process hears of every read-model document the projections change. */
export type ChangeNotices = { onChange(listener: (notice: ChangeNotice) => void): () => void };
