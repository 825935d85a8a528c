import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded product, with the services on their own ports', () => {
    const config = readConfig({});
    assert.equal(config.gatewayMode, 'embedded');
    assert.equal(config.port, 3000);
    assert.equal(readConfig({}, 3002).port, 3002, "a process's own default port");
    assert.equal(readConfig({ PORT: '4000' }, 3002).port, 4000);
    assert.equal(config.commandServiceUrl, 'http://localhost:3001');
    assert.deepEqual(config.queryServiceUrls, ['http://localhost:3002']);
  });

  it('reads the distributed gateway settings', () => {
    const config = readConfig({
      GATEWAY_MODE: 'distributed',
      COMMAND_SERVICE_URL: 'http://command-service:3001/',
      QUERY_SERVICE_URL: 'https://query.internal',
    });
    assert.equal(config.gatewayMode, 'distributed');
    assert.equal(config.commandServiceUrl, 'http://command-service:3001');
    assert.deepEqual(config.queryServiceUrls, ['https://query.internal']);
    const replicas = readConfig({ QUERY_SERVICE_URL: 'http://query-1:3002/, http://query-2:3002,http://query-1:3002' });
    assert.deepEqual(replicas.queryServiceUrls, ['http://query-1:3002', 'http://query-2:3002'], 'replicas, each once');
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or ranges', () => {
    assert.deepEqual(readConfig({}).trustProxy, []);
    assert.deepEqual(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) {
      assert.throws(() => readConfig({ TRUST_PROXY: bad }), ConfigError, bad);
    }
  });

  it('pushes only to https endpoints on the public internet unless PUSH_ALLOW_INSECURE_ENDPOINTS is true', () => {
    assert.equal(readConfig({}).push.allowInsecureEndpoints, false);
    assert.equal(readConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }).push.allowInsecureEndpoints, true);
    assert.throws(() => readConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'yes' }), /PUSH_ALLOW_INSECURE_ENDPOINTS/);
  });

  it('refuses settings it cannot use, naming them', () => {
    assert.throws(() => readConfig({ GATEWAY_MODE: 'split' }), ConfigError);
    assert.throws(() => readConfig({ COMMAND_SERVICE_URL: 'command-service:3001' }), /COMMAND_SERVICE_URL/);
    assert.throws(() => readConfig({ QUERY_SERVICE_URL: 'ftp://query' }), /QUERY_SERVICE_URL/);
    assert.throws(() => readConfig({ QUERY_SERVICE_URL: 'http://query:3002/api' }), /QUERY_SERVICE_URL/);
    assert.throws(() => readConfig({ QUERY_SERVICE_URL: 'http://query-1:3002,query-2' }), /QUERY_SERVICE_URL/);
    assert.throws(() => readConfig({ WEATHER_LATITUDE: '52.5' }), /WEATHER_LONGITUDE/, 'half a position');
    assert.throws(() => readConfig({ WEATHER_LATITUDE: '95', WEATHER_LONGITUDE: '13' }), /WEATHER_LATITUDE/);
  });

  it('asks about no weather location unless one is configured', () => {
    assert.equal(readConfig({}).weather.location, null);
    assert.equal(readConfig({}).weather.apiUrl, 'https://api.open-meteo.com');
    const config = readConfig({
      WEATHER_LATITUDE: '52.52',
      WEATHER_LONGITUDE: '13.405',
      WEATHER_LOCATION_NAME: 'Berlin',
    });
    assert.deepEqual(config.weather.location, { latitude: 52.52, longitude: 13.405, name: 'Berlin' });
    assert.equal(readConfig({ WEATHER_LATITUDE: '0', WEATHER_LONGITUDE: '0' }).weather.location?.name, '0, 0');
  });

  it('reads numbers and switches from their text, and takes a setting left empty as unset', () => {
    const config = readConfig({ PORT: '4000', AUTH_RATE_LIMIT: '5', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    assert.equal(config.port, 4000);
    assert.equal(config.authRateLimit, 5);
    assert.equal(config.push.allowInsecureEndpoints, true);
    const blank = readConfig({ PORT: '', HOST: '', GATEWAY_MODE: '', QUERY_SERVICE_URL: '' }, 3002);
    assert.equal(blank.port, 3002);
    assert.equal(blank.host, '0.0.0.0');
    assert.equal(blank.gatewayMode, 'embedded');
    assert.deepEqual(blank.queryServiceUrls, ['http://localhost:3002']);
  });

  it('tells every refused setting at once, each in the words of its rule', () => {
    assert.throws(
      () => readConfig({ PORT: '70000', AUTH_RATE_LIMIT: 'many', MAIL_FROM: 'nobody' }),
      (error) =>
        error instanceof ConfigError &&
        error.message ===
          'PORT must be a whole number from 0 to 65535, got "70000"; ' +
            'AUTH_RATE_LIMIT must be a whole number from 1 to 1000000, got "many"; ' +
            'MAIL_FROM must be an email address, got "nobody"',
    );
  });
});
