import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The reliability suite runs on its own (npm run test:reliability).
    exclude: ['test/reliability/**', '**/node_modules/**'],
    // Tests spawn servers and the built CLI; two cores on CI.
    pool: 'forks',
    // Builds dist/ and type-checks the tests once before any test file (never a stale dist/).
    globalSetup: ['test/support/fresh-build.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
