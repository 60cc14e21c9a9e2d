import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (issue 13): fuzzing every tool over MCP, HTTP abuse
 * of the service and the webhook receiver, and kill -9 exactly-once cycles.
 * Run by `npm run test:reliability` (CI runs it after the main suite); each
 * file is bounded to a few minutes.
 */
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    pool: 'forks',
    // Builds dist/ and type-checks the tests once before any test file (never a stale dist/).
    globalSetup: ['test/support/fresh-build.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
