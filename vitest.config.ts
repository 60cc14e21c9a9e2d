import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests spawn servers and the built CLI; two cores on CI.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
