import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type OpenMeteoTestServer = Awaited<ReturnType<typeof startOpenMeteoTestServer>>;

/**
 * A local HTTP server that answers GET /v1/forecast the way Open-Meteo does (its documented JSON
 * shape), so the adapter is tested over real HTTP without the internet. `behaviour` switches it
 * to failing, hanging or malformed answers; `requests` records what was asked.
 */
export async function startOpenMeteoTestServer() {
  const state = {
    behaviour: 'answer' as 'answer' | 'fail' | 'hang' | 'garbage',
    requests: [] as URL[],
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.requests.push(url);
    if (url.pathname !== '/v1/forecast') {
      response.writeHead(404).end();
      return;
    }
    if (state.behaviour === 'hang') return; // never answers; the client must give up
    if (state.behaviour === 'fail') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Internal error' }));
      return;
    }
    if (state.behaviour === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"current": {"temperature_2m": "warm"}}');
      return;
    }
    const latitude = Number(url.searchParams.get('latitude'));
    if (!Number.isFinite(latitude) || !url.searchParams.get('current')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'Parameter latitude or current missing' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        latitude: 52.52,
        longitude: 13.419998,
        generationtime_ms: 0.05,
        utc_offset_seconds: 0,
        timezone: 'GMT',
        timezone_abbreviation: 'GMT',
        elevation: 38,
        current_units: {
          time: 'iso8601',
          interval: 'seconds',
          temperature_2m: '°C',
          relative_humidity_2m: '%',
          apparent_temperature: '°C',
          weather_code: 'wmo code',
          wind_speed_10m: 'km/h',
          uv_index: '',
        },
        current: {
          time: '2026-11-21T14:15',
          interval: 900,
          temperature_2m: 6.4,
          relative_humidity_2m: 81,
          apparent_temperature: 3.1,
          weather_code: 61,
          wind_speed_10m: 14.8,
          uv_index: 0.85,
        },
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
