/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // jose (a dependency of @a2a-js/sdk's CommonJS build) is ESM only: Node 22 requires it as it
    // is, jest's module runtime cannot, so jest gets it compiled to CommonJS (docs/decisions.md, "A2A endpoint").
    '/node_modules/jose/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10' }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  // @databases/pg-test: with PG_TEST_URL set (scripts/test.sh) it uses that database.
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  // A hang's bound, not a speed target: on a machine whose cores are busy with other work a test
  // takes many times its quiet figure (issue 24), and tests assert what the code promises.
  testTimeout: 120000,
  maxWorkers: 2,
  // A test file that starts the job worker stays in memory to the end of the jest worker's run,
  // all its modules with it (~22 MB): graphile-worker 0.18, loaded with Node's own require and so
  // shared by every file, keeps each runner's options in a Map it never clears (test/helpers/server.ts
  // says more). So only the tests that need the job worker start it; those that do (the e2e mail
  // flows) still add to the heap, and a jest worker past this size after a file is replaced
  // (jest's own remedy), before it grows large enough to outlast jest's 500 ms at exit ("A worker
  // process has failed to exit gracefully").
  workerIdleMemoryLimit: '512MB',
};
