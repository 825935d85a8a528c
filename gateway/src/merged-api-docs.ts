import { ServiceUnavailable } from '@fitness/platform/errors.ts';
import type { FastifyBaseLogger } from 'fastify';

type PathItem = Record<string, unknown>;
export type OpenApiDocument = {
  paths?: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  [field: string]: unknown;
};

/**
 * Merges the services' OpenAPI documents into the one the gateway serves. Each service
 * generates its document from the route schemas it serves (the same generator and settings as
 * the embedded product), so the merge needs no copy of any schema: the first document gives
 * the title, servers and security; paths are merged per path, because one path may have its
 * GET on the query service and its DELETE on the command service; components are merged per
 * kind (the services share the bearer scheme and the error schema).
 */
export function mergeOpenApi(documents: OpenApiDocument[]): OpenApiDocument {
  const [first] = documents;
  if (!first) throw new Error('No OpenAPI document to merge');
  const paths: Record<string, PathItem> = {};
  const components: Record<string, Record<string, unknown>> = {};
  for (const document of documents) {
    for (const [path, item] of Object.entries(document.paths ?? {})) paths[path] = { ...paths[path], ...item };
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      components[kind] = { ...components[kind], ...entries };
    }
  }
  return { ...first, paths, components };
}

/**
 * Fetches each service's /api/v1/openapi.json, on every request: the document is asked for
 * rarely, and this way it always describes the services running now. A service that does not
 * answer makes the merged document unavailable (503) rather than silently incomplete.
 */
export async function fetchMergedApiDocs(serviceUrls: string[], logger: FastifyBaseLogger) {
  const documents = await Promise.all(
    serviceUrls.map(async (serviceUrl) => {
      const url = `${serviceUrl}/api/v1/openapi.json`;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return (await response.json()) as OpenApiDocument;
      } catch (error) {
        logger.error({ err: error, url }, 'fetching a service OpenAPI document failed');
        throw new ServiceUnavailable('The API description is unavailable, please try again.');
      }
    }),
  );
  return mergeOpenApi(documents);
}
