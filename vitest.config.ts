// Unit and integration tests: test/ mirrors src/; e2e tests run separately against browser mode.
import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

export default defineConfig({
  // the renderer's own alias too: its stores import each other (features/jobs/store, util/base64) through it
  resolve: { alias: { '@shared': resolve(__dirname, 'src/shared'), '@renderer': resolve(__dirname, 'src/renderer/src') } },
  test: {
    include: ['test/**/*.spec.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 120000,
    // set-up hooks import the hosts and load lists: on a loaded 2-core machine that exceeds vitest's 10 s default
    hookTimeout: 120000,
    pool: 'forks'
  }
})
