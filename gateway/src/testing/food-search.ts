import assert from 'node:assert/strict';
import type { TestServer } from './test-server.ts';

/** GET /foods?`query` as the holder of `token`, worded in `language`: the page found (the read must succeed). */
export async function searchFoods<Food>(server: TestServer, token: string, query: string, language = 'en') {
  const response = await server.api('GET', `/foods?${query}`, { token, headers: { 'accept-language': language } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body as { data: Food[]; meta: { total: number } };
}
