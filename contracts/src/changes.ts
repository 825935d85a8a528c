/** What a projection announces after each commit, and what the socket channel pushes as `change`. */
export type ChangeNotice = {
  /** The read model (collection) that changed, e.g. "workouts". */
  model: string;
  /** The changed document's id. */
  id: string;
  /** The user who owns the document; null for system-wide documents. */
  userId: string | null;
  op: 'upsert' | 'delete';
  /** Global position of the last event folded into the document. */
  position: number;
  /**
   * The request id (X-Request-Id) of the write whose event last changed the document, so the tab
   * that made the write, and already holds its answer, can let the notice pass.
   */
  correlationId: string | null;
};

/** Socket.io messages, server to client. */
export type ServerToClientEvents = {
  change: (notice: ChangeNotice) => void;
};

export type ClientToServerEvents = Record<string, never>;
