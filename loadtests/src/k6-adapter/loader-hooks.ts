/**
 * Module resolution hook (registered with node:module's `register` in every VU thread): the k6
 * built-in modules a script imports resolve to the adapter's implementations in ./modules.
 */
const K6_MODULES: Record<string, string> = {
  k6: './modules/k6.ts',
  'k6/http': './modules/http.ts',
  'k6/ws': './modules/ws.ts',
  'k6/metrics': './modules/metrics.ts',
};

type Resolved = { url: string; shortCircuit?: boolean; format?: string | null };
type NextResolve = (specifier: string, context: unknown) => Resolved | Promise<Resolved>;

export async function resolve(specifier: string, context: unknown, nextResolve: NextResolve): Promise<Resolved> {
  const module = K6_MODULES[specifier];
  if (module) return { url: new URL(module, import.meta.url).href, shortCircuit: true };
  if (specifier.startsWith('k6/')) throw new Error(`the k6 adapter does not implement ${specifier}`);
  return nextResolve(specifier, context);
}
