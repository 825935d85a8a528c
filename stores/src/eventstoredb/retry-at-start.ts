/**
 * Retries an operation while it fails with transient errors, waiting longer each time, and
 * gives up (throwing the last error) when the delays run out or an error is not transient.
 * For a process's first calls to a server that may not be ready yet, not for requests.
 */
export async function retryAtStart<T>(
  operation: () => Promise<T>,
  options: {
    isTransient(error: unknown): boolean;
    /** Waits before each retry, in order: their number bounds the attempts. */
    delaysMs?: readonly number[];
    wait?(ms: number): Promise<void>;
  },
): Promise<T> {
  const { isTransient, delaysMs = START_DELAYS_MS, wait = sleep } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await wait(delay);
    }
  }
}

/** About a minute and a half in all: a leader election, or a node replaying its index at start. */
export const START_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 15000, 15000, 15000, 30000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
