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
  // Each test file's modules stay reachable after it ends (the retaining path is not found yet):
  // a worker's heap grew by ~40 MB a file, 224 -> 793 MB over test/api's 22 files, and a worker
  // that large at the end of a run did not exit within jest's 500 ms ("A worker process has
  // failed to exit gracefully", in every full run). Jest's own remedy for such leaks: a worker
  // past this size after a file is replaced. With it the warning showed in one of three full
  // runs, so heap size is not all of its cause; the workers' memory stays bounded (553 MB at most).
  workerIdleMemoryLimit: '512MB',
};
