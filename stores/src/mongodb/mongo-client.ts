import { MongoClient, type MongoClientOptions } from 'mongodb';

/**
 * The options every MongoClient of ours is made with. `ignoreUndefined`: a field whose value is
 * `undefined` is left out, as JSON.stringify leaves it out of what the SQLite store keeps, so
 * both stores hold, and give back, the same document (the driver's default writes it as null).
 * Inside arrays both write null.
 */
export const MONGO_CLIENT_OPTIONS = { ignoreUndefined: true } as const satisfies MongoClientOptions;

/** A client with our options, connected: a wrong URL or an unreachable server fails here, at startup. */
export async function connectMongoClient(url: string): Promise<MongoClient> {
  const client = new MongoClient(url, MONGO_CLIENT_OPTIONS);
  await client.connect();
  return client;
}
