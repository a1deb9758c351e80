// Configuration is validated once, with one clear line per bad value.
import { loadConfig } from '../../src/config';

const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' };

test('defaults', () => {
  const c = loadConfig(base);
  expect(c).toMatchObject({
    PORT: 3000,
    HOST: '0.0.0.0',
    LOG_LEVEL: 'info',
    DATABASE_POOL_SIZE: 10,
    publicBaseUrl: 'http://localhost:3000',
    trustProxy: false,
  });
});

test('every bad value is named, each on its own line', () => {
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: '70000', LOG_LEVEL: 'loud', PUBLIC_BASE_URL: 'ftp://x' })).toThrow(
    /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must be a postgres:\/\/ URL\n {2}PUBLIC_BASE_URL: must be an http\(s\):\/\/ URL\n {2}LOG_LEVEL: /,
  );
});

test('a missing DATABASE_URL is named', () => {
  expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
});

test('TRUST_PROXY takes true, false, a hop count or addresses', () => {
  expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
});

test('PUBLIC_BASE_URL loses its trailing slash', () => {
  expect(loadConfig({ ...base, PUBLIC_BASE_URL: 'https://api.example.com/' }).publicBaseUrl).toBe('https://api.example.com');
});

test('staff GraphQL bounds: defaults, and a default page above the largest page stops start-up', () => {
  expect(loadConfig(base)).toMatchObject({
    GRAPHQL_DEFAULT_PAGE: 100,
    GRAPHQL_MAX_PAGE: 1000,
    GRAPHQL_MAX_COST: 10_000,
    GRAPHQL_MAX_DEPTH: 12,
    GRAPHQL_STATEMENT_TIMEOUT_MS: 5000,
    GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
  });
  expect(() => loadConfig({ ...base, GRAPHQL_DEFAULT_PAGE: '200', GRAPHQL_MAX_PAGE: '100' })).toThrow(
    'Invalid configuration:\n  GRAPHQL_DEFAULT_PAGE: must not exceed GRAPHQL_MAX_PAGE',
  );
});

test('READ_DATABASE_URL: comma-separated postgres URLs; replica and pool-mode defaults', () => {
  expect(loadConfig(base)).toMatchObject({
    readDatabaseUrls: [],
    READ_REPLICA_MAX_LAG_MS: 5000,
    READ_REPLICA_CHECK_INTERVAL_MS: 1000,
    DATABASE_POOL_MODE: 'session',
  });
  const urls = 'postgres://r@10.0.0.5:5432/marine, postgresql://r@10.0.0.6/marine';
  expect(loadConfig({ ...base, READ_DATABASE_URL: urls }).readDatabaseUrls).toEqual([
    'postgres://r@10.0.0.5:5432/marine',
    'postgresql://r@10.0.0.6/marine',
  ]);
  expect(() => loadConfig({ ...base, READ_DATABASE_URL: 'postgres://r@10.0.0.5/marine,http://x' })).toThrow(
    /READ_DATABASE_URL: each comma-separated entry must be a postgres:\/\/ URL/,
  );
  expect(() => loadConfig({ ...base, DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE/);
});
