import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The app's test files that replace a module (`vi.mock`). With one module graph per worker (the app
 * project's `isolate: false`) a mock is not the file's own: whichever file loads a module first
 * decides what every later file in that worker gets, its mock or the real one (vitest issues 11152,
 * 4894). AttachmentsPanel's count of rows drawn read 0 once in a loaded full run that way. These
 * files get a fresh window and module graph each, as Vitest's default does.
 */
const REPLACING_MODULES = [
  'src/features/attachments/AttachmentsPanel.test.tsx',
  'src/features/markup/LazyMarkupEditor.test.tsx',
  'src/features/markup/editorCode.test.ts',
  'src/features/upload/renderedPerFile.test.tsx',
];

/** The app's units and components, in jsdom. */
const appTests = {
  environment: 'jsdom' as const,
  setupFiles: ['src/test/setup.ts'],
  css: false,
  // Component tests type and click through user-event; on a busy CI machine a whole journey
  // can take more than the default 5 s without anything being wrong.
  testTimeout: 30_000,
};

// Two kinds of tests: the app's units and components in jsdom, and the sandbox over real HTTP in Node.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one for itself (cores - 1), which on a 2-core CI machine is one
    // test file at a time while the main process mostly waits. Two workers there took the upload and
    // attachment tests from 255 s to 191 s at load average 6-11 (2026-11-28).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          ...appTests,
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...REPLACING_MODULES],
          // One jsdom window and module graph per worker, not per file: a new one for each of the 130-odd
          // files cost more than the tests themselves. src/test/setup.ts gives each file a fresh page;
          // state a module keeps must be scoped to its window or instance (tests run in shuffled orders).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...appTests, name: 'app-mocks', include: REPLACING_MODULES, isolate: true },
      },
      {
        // One graphql instance: Vite would pick graphql's ESM build for sandbox code while graphql-yoga,
        // loaded by Node, gets the CommonJS build, and graphql refuses types from "another realm".
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'sandbox',
          environment: 'node',
          include: ['sandbox/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // A limit for a test that hangs, never a speed check: some start three or four sandbox
          // processes, one signs 2,000 URLs. With both cores busy (stress-ng --cpu 2 and other work)
          // those took over 30 s and failed while nothing was wrong.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
