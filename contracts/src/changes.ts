import type { DocumentChange } from './document-changes.ts';

/**
 * What a projection announces after each commit, and what the socket channel pushes as `change`.
 * For the read models a screen shows as they are stored, an upsert also says what changed:
 * `changes` (small steps, as against the document its previous notice left) or, for a new
 * document or one changed beyond a few steps, the whole `document`; a browser holding the
 * document applies it without fetching anything. Without either (read models a screen only sees
 * through a computed answer), a notice is only a sign to read again what is shown.
 */
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
  /** The document as it now is, in the API's shape (an upsert of a read model shown as stored). */
  document?: Record<string, unknown>;
  /** What changed in the document, in the API's shape (an upsert of a read model shown as stored). */
  changes?: DocumentChange[];
};

/** Socket.io messages, server to client. */
export type ServerToClientEvents = {
  change: (notice: ChangeNotice) => void;
  /**
   * The first message on a new connection. Carries nothing for the app, but socket.io counts it,
   * so that a connection which drops before any change can still come back where it was.
   */
  joined: () => void;
};

export type ClientToServerEvents = Record<string, never>;
