import assert from 'node:assert/strict';
import {
  type OpenMeteoTestServer,
  startOpenMeteoTestServer,
} from '@fitness/query-service/weather/open-meteo-test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('weather API', () => {
  let openMeteo: OpenMeteoTestServer;
  let server: TestServer;
  let unconfigured: TestServer;
  beforeAll(async () => {
    openMeteo = await startOpenMeteoTestServer();
    server = await startTestServer({
      WEATHER_API_URL: openMeteo.url,
      WEATHER_LATITUDE: '52.52',
      WEATHER_LONGITUDE: '13.405',
      WEATHER_LOCATION_NAME: 'Berlin',
      WEATHER_TIMEOUT_MS: '300',
      WEATHER_CACHE_SECONDS: '0',
    });
    unconfigured = await startTestServer({ WEATHER_API_URL: openMeteo.url });
  });
  afterAll(async () => {
    await Promise.all([server.close(), unconfigured.close()]);
    await openMeteo.close();
  });

  it('answers with the weather at the configured place, or where the browser says the user is', async () => {
    const { token } = await server.register('Ada');
    const configured = await server.api('GET', '/weather', { token });
    assert.equal(configured.status, 200, JSON.stringify(configured.body));
    assert.equal(configured.body.available, true);
    assert.equal(configured.body.weather.location, 'Berlin');
    assert.equal(configured.body.weather.temperature, 6.4);
    assert.equal(configured.body.weather.condition, 'rain');

    const here = await server.api('GET', '/weather?latitude=48.8566&longitude=2.3522', { token });
    assert.equal(here.body.weather.location, '48.86, 2.35');
    assert.equal(openMeteo.state.requests.at(-1)?.searchParams.get('latitude'), '48.8566');
  });

  it('says weather is unavailable, never inventing it, when the provider fails or is silent', async () => {
    const { token } = await server.register('Grace');
    for (const behaviour of ['fail', 'hang'] as const) {
      openMeteo.state.behaviour = behaviour;
      const answer = await server.api('GET', '/weather', { token });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { available: false, reason: 'unreachable' }, behaviour);
    }
    openMeteo.state.behaviour = 'answer';
  });

  it('says there is no location when none is configured or shared', async () => {
    const { token } = await unconfigured.register('Linus');
    const before = openMeteo.state.requests.length;
    const answer = await unconfigured.api('GET', '/weather', { token });
    assert.deepEqual(answer.body, { available: false, reason: 'no-location' });
    assert.equal(openMeteo.state.requests.length, before, 'the provider is not asked');
  });

  it('refuses a position off the globe and a signed-out caller', async () => {
    const { token } = await server.register('Barbara');
    const wrong = await server.api('GET', '/weather?latitude=91&longitude=0', { token });
    assert.equal(wrong.status, 422);
    assert.match(JSON.stringify(wrong.body), /latitude/);
    assert.equal((await server.api('GET', '/weather')).status, 401);
  });
});
