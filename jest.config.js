/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // jose (a dependency of @a2a-js/sdk's CommonJS build) and request-filtering-agent (webhook
    // deliveries) are ESM only: Node 22 requires them as they are, jest's module runtime cannot,
    // so jest gets them compiled to CommonJS (docs/decisions.md, "A2A endpoint").
    '/node_modules/(jose|request-filtering-agent)/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10' }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|request-filtering-agent)/)'],
  // @databases/pg-test: with PG_TEST_URL set (scripts/test.sh) it uses that database.
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  // A hang's bound, not a speed target: on a machine whose cores are busy with other work a test
  // takes many times its quiet figure (issue 24), and tests assert what the code promises.
  testTimeout: 120000,
  maxWorkers: 2,
  // A bound on a jest worker's memory: one past this size after a test file is replaced (jest's
  // own remedy for leaks). Test files that ran the job worker in jest's process used to stay in
  // memory to the end (graphile-worker's module-level Map; test/helpers/server.ts), which grew a
  // worker past 800 MB, too large to exit within jest's 500 ms ("A worker process has failed to
  // exit gracefully"). The tests' job worker now runs in a process of its own, and a jest worker
  // stays near 250 MB (test/api or test/e2e in band), so this only guards against another leak.
  workerIdleMemoryLimit: '512MB',
};
