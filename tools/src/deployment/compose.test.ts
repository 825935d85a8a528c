import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '@fitness/platform/config.ts';
import {
  EVENTSTOREDB_IMAGE,
  EVENTSTOREDB_PLATFORM,
  EVENTSTOREDB_PROJECTIONS,
} from '@fitness/stores/testing/containers.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, it } from 'vitest';
import { type ComposeModel, composeModel, type Service, volumeTarget } from './compose-file.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BASE = path.join(ROOT, 'docker-compose.yml');
const DEV = path.join(ROOT, 'docker-compose.dev.yml');

/**
 * What `docker compose config` would check, without a Docker engine: docker-compose.yml alone
 * and with the development override merged in (as compose merges them, compose-file.ts), each
 * valid against the Compose Specification's schema (vendored in compose-spec/, as compose's own
 * loader validates after each file), and the rules the deployment keeps (issue 35): app services
 * healthy once alive, EventStoreDB as the contract suites run it, the stores on loopback only,
 * no fixed subnet, and no server running as root in development. Variables unset, as on a
 * fresh checkout without a .env file, so the defaults are what is checked.
 */
const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, 'compose-spec/compose-spec.json'), 'utf8'));
// Not strict: the schema is written for compose's validator, and uses union types and
// keywords beside `type` that Ajv's strict mode refuses although they are valid JSON Schema.
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
const schemaErrors = (model: unknown) =>
  validate(model) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);

const base = composeModel([BASE]);
const dev = composeModel([BASE, DEV]);
const services = (model: ComposeModel) => model.services ?? {};
/** The app services: built from this repository's Dockerfile in the base file. */
const appNames = Object.entries(services(base))
  .filter(([, service]) => service.build !== undefined)
  .map(([name]) => name);
const appServices = (model: ComposeModel) =>
  appNames.map((name) => [name, services(model)[name] ?? {}] as [string, Service]);

describe('the compose files, as compose reads them', () => {
  it('are valid against the Compose Specification, the base alone and with the development override', () => {
    assert.deepEqual(schemaErrors(base), []);
    assert.deepEqual(schemaErrors(dev), []);
  });

  it('fail the schema when a key is misspelt (the check can fail)', () => {
    const misspelt = structuredClone(base);
    const gateway = misspelt.services?.gateway;
    assert.ok(gateway);
    gateway.healthchek = gateway.healthcheck;
    assert.ok(schemaErrors(misspelt).some((error) => error.startsWith('/services/gateway must NOT have additional')));
  });

  it('merge the override as compose does: its data volume replaces the base one, the build is reset', () => {
    const gateway = services(dev).gateway;
    assert.equal(gateway?.build, undefined, '!reset drops the build');
    assert.equal(gateway?.image, 'node:24-slim');
    const dataMounts = (gateway?.volumes ?? []).filter((volume) => volumeTarget(volume) === '/data');
    assert.deepEqual(dataMounts, ['dev-data:/data']);
    // Kept from the base file: the command, merged environment, health check.
    assert.equal(gateway?.command, services(base).gateway?.command);
    assert.equal(gateway?.environment?.GATEWAY_MODE, 'distributed');
    assert.equal(gateway?.environment?.DATA_DIR, '/data');
  });
});

describe.each([
  ['docker-compose.yml', base],
  ['with docker-compose.dev.yml', dev],
])('%s', (_name, model) => {
  it('gives every app service a health check on /health, and starts each once what it needs is healthy', () => {
    assert.deepEqual(appNames.toSorted(), [
      'command-service',
      'gateway',
      'projections-1',
      'projections-2',
      'query-service-1',
      'query-service-2',
    ]);
    for (const [name, service] of appServices(model)) {
      const test = (service.healthcheck?.test ?? []).join(' ');
      // Alive, not ready: depends_on and `up --wait` wait on it, and a long catch-up must not
      // fail the start (docker-compose.yml, x-health).
      assert.match(test, /^CMD node -e .*process\.env\.PORT.*'\/health'/, `${name} has a health check on /health`);
      assert.doesNotMatch(test, /\/ready/, name);
      assert.ok(service.environment?.PORT, `${name} sets the PORT its health check asks`);
      const needs = Object.entries(service.depends_on ?? {});
      assert.ok(
        needs.some(([needed]) => needed === 'eventstoredb'),
        `${name} waits for the stores`,
      );
      for (const [needed, { condition }] of needs) {
        assert.ok(services(model)[needed], `${name} depends on a service the files define: ${needed}`);
        if (needed !== 'install') assert.equal(condition, 'service_healthy', `${name} waits for ${needed}`);
      }
    }
    const gatewayNeeds = Object.keys(services(model).gateway?.depends_on ?? {});
    for (const name of appNames.filter((name) => name !== 'gateway')) {
      assert.ok(gatewayNeeds.includes(name), `the gateway waits for ${name}`);
    }
    assert.ok(services(model).mongodb?.healthcheck?.test, 'MongoDB reports when its replica set accepts writes');
  });

  it('runs EventStoreDB as the contract suites do: the same image, for x86-64, $streams the only projection', () => {
    const eventStoreDb = services(model).eventstoredb;
    assert.equal(eventStoreDb?.image, EVENTSTOREDB_IMAGE);
    assert.equal(eventStoreDb?.platform, EVENTSTOREDB_PLATFORM);
    for (const [variable, value] of Object.entries(EVENTSTOREDB_PROJECTIONS)) {
      assert.equal(eventStoreDb?.environment?.[variable], value, variable);
    }
  });

  it('publishes the stores on the loopback only, and the gateway', () => {
    const published = Object.entries(services(model)).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => [name, String(port)] as const),
    );
    assert.deepEqual(published.map(([name]) => name).toSorted(), ['eventstoredb', 'gateway', 'mongodb']);
    for (const [name, port] of published) {
      if (name !== 'gateway') assert.match(port, /^127\.0\.0\.1:\d+:\d+$/, `${name} on the loopback only`);
    }
  });

  it('fixes no subnet or address, and its services trust the forwarded address of any private one', () => {
    const networks = (model.networks ?? {}) as Record<string, { ipam?: unknown }>;
    for (const [name, network] of Object.entries(networks)) assert.equal(network?.ipam, undefined, name);
    for (const [name, service] of Object.entries(services(model))) {
      assert.equal(JSON.stringify(service.networks ?? {}).includes('ipv4_address'), false, name);
    }
    for (const [name, service] of appServices(model)) {
      // What each server reads: the app's own configuration check passes on it.
      const config = readConfig(service.environment ?? {});
      if (name === 'gateway') {
        assert.deepEqual(config.trustProxy, [], 'the gateway trusts no proxy unless told');
      } else {
        assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'], name);
      }
    }
  });

  it('sends the gateway to every query service and projections process', () => {
    for (const [variable, prefix] of [
      ['QUERY_SERVICE_URL', 'query-service'],
      ['PROJECTIONS_SERVICE_URL', 'projections'],
    ] as const) {
      const named = appNames.filter((name) => name.startsWith(prefix));
      const urls = (services(model).gateway?.environment?.[variable] ?? '').split(',');
      assert.deepEqual(
        urls.map((url) => new URL(url).hostname),
        named,
        variable,
      );
    }
    const k6 = services(model).k6;
    assert.deepEqual(k6?.profiles, ['load'], 'k6 runs only when asked for');
    assert.ok(existsSync(path.join(ROOT, 'loadtests/k6/smoke.js')), 'the k6 scenarios it mounts exist');
  });
});

describe('docker-compose.yml', () => {
  it('runs every app service from the one image built from this repository, with no sources mounted', () => {
    const images = new Set(appServices(base).map(([, service]) => service.image));
    assert.deepEqual([...images], ['fitness-tracker:local']);
    for (const [name, service] of appServices(base)) {
      const context = typeof service.build === 'string' ? service.build : service.build?.context;
      assert.equal(context, '.', name);
      assert.ok(existsSync(path.join(ROOT, context ?? '', 'Dockerfile')), 'the build context holds the Dockerfile');
      // Node's own flags (the server's memory options) may come before the script.
      const command = String(service.command ?? '');
      assert.match(command, /^node (--\S+ )*\S+\/src\/\S+\.ts$/, `${name} runs a server of the image`);
      assert.ok(existsSync(path.join(ROOT, command.split(' ').at(-1) ?? '')), `${name}'s script exists`);
      for (const volume of service.volumes ?? []) {
        assert.doesNotMatch(volume, /^[./~]/, `${name} mounts a host path: ${volume}`);
      }
    }
  });
});

describe('with docker-compose.dev.yml', () => {
  it('runs the mounted sources as the node user, on a data volume of its own that install hands to node', () => {
    const baseVolumes = new Set(appServices(base).flatMap(([, service]) => service.volumes ?? []));
    for (const [name, service] of appServices(dev)) {
      assert.equal(service.user, 'node', `${name} runs as node, not root`);
      assert.ok(service.volumes?.includes('.:/app'), `${name} runs the mounted sources`);
      const data = (service.volumes ?? []).find((volume) => volumeTarget(volume) === '/data');
      assert.ok(data && !baseVolumes.has(data), `${name} keeps its data apart from the image's volume: ${data}`);
    }
    const install = services(dev).install;
    const dataVolume = (install?.volumes ?? []).find((volume) => volumeTarget(volume) === '/data');
    assert.equal(dataVolume, 'dev-data:/data', 'install mounts the same data volume');
    assert.match(String(install?.command), /chown node:node \/data/, 'and gives it to node');
  });
});
