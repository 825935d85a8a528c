import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { openMeteo } from './open-meteo.ts';
import { type OpenMeteoTestServer, startOpenMeteoTestServer } from './open-meteo-test-server.ts';
import { cachedWeather, WeatherUnavailable } from './weather-provider.ts';

const berlin = { latitude: 52.52, longitude: 13.405, name: 'Berlin' };

describe('Open-Meteo adapter', () => {
  let server: OpenMeteoTestServer;
  beforeAll(async () => {
    server = await startOpenMeteoTestServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.state.behaviour = 'answer';
    server.state.requests.length = 0;
  });

  it('asks for the current conditions in metric units and reads the answer', async () => {
    const weather = await openMeteo({ apiUrl: server.url, timeoutMs: 2000 }).current(berlin);
    assert.deepEqual(weather, {
      location: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      temperature: 6.4,
      feels_like: 3.1,
      condition: 'rain',
      humidity: 81,
      wind_speed: 14.8,
      uv_index: 0.85,
      observed_at: '2026-11-21T14:15:00.000Z',
    });
    const [asked] = server.state.requests;
    assert.equal(asked?.searchParams.get('latitude'), '52.52');
    assert.equal(asked?.searchParams.get('longitude'), '13.405');
    assert.equal(asked?.searchParams.get('wind_speed_unit'), 'kmh');
    assert.match(asked?.searchParams.get('current') ?? '', /apparent_temperature/);
  });

  it('reports an error answer, a malformed answer and a silent provider as unavailable', async () => {
    const provider = openMeteo({ apiUrl: server.url, timeoutMs: 300 });
    for (const behaviour of ['fail', 'garbage', 'hang'] as const) {
      server.state.behaviour = behaviour;
      await assert.rejects(provider.current(berlin), WeatherUnavailable, behaviour);
    }
  });

  it('reports an unreachable provider as unavailable', async () => {
    // A port nothing listens on: the server is closed after taking it.
    const gone = await startOpenMeteoTestServer();
    await gone.close();
    await assert.rejects(openMeteo({ apiUrl: gone.url, timeoutMs: 1000 }).current(berlin), WeatherUnavailable);
  });

  it('asks the provider once per place per period, and retries a failure sooner', async () => {
    // A clock that is somewhere, as a real one is: lru-cache reads a start of 0 as none.
    let clock = Date.UTC(2026, 0, 1);
    const provider = cachedWeather(openMeteo({ apiUrl: server.url, timeoutMs: 2000 }), {
      ttlMs: 600_000,
      failureTtlMs: 60_000,
      now: () => clock,
    });
    await Promise.all([provider.current(berlin), provider.current(berlin)]);
    await provider.current({ ...berlin, latitude: 52.521 }); // the same place, to a kilometre
    assert.equal(server.state.requests.length, 1);
    clock += 600_001;
    await provider.current(berlin);
    assert.equal(server.state.requests.length, 2, 'asks again once the answer is old');

    const paris = { latitude: 48.86, longitude: 2.35, name: 'Paris' };
    server.state.behaviour = 'fail';
    await assert.rejects(provider.current(paris), WeatherUnavailable);
    server.state.behaviour = 'answer';
    await assert.rejects(provider.current(paris), WeatherUnavailable, 'a failure is remembered briefly');
    clock += 60_001;
    assert.equal((await provider.current(paris)).location, 'Paris');
  });
});
