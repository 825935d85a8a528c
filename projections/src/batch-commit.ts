import type { ChangeNotice } from '@fitness/contracts';
import { type CommitBatch, type DocumentWrite, type LeaseFence, writtenId } from '@fitness/stores';
import type { Folded } from './batch-fold.ts';

/**
 * One transaction for every projection's fold of a batch: their document writes (the last
 * write of a document wins), their checkpoints at the batch's last position and, where the
 * runner keeps a change feed, their notices, for processes that cannot hear this runner (query
 * services in the distributed deployment).
 */
export function batchCommit(
  folded: Folded[],
  last: number,
  options: { changeFeed: boolean; fence: LeaseFence | undefined },
): { commit: CommitBatch; notices: ChangeNotice[] } {
  const writes = new Map<string, DocumentWrite>();
  for (const { writes: own } of folded) {
    for (const write of own) {
      writes.set(`${write.collection}/${writtenId(write)}`, write);
    }
  }
  const notices = folded.flatMap((result) => result.notices);
  return {
    commit: {
      checkpoints: Object.fromEntries(folded.map(({ follower }) => [follower.projection.name, last])),
      writes: [...writes.values()],
      notices: options.changeFeed ? notices : [],
      erasing: folded.some((result) => result.erasing),
      fence: options.fence,
    },
    notices,
  };
}
