import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Test layers: each runs with the setup its layer needs; `vitest run` runs them all.
const globalSetupIfPresent = (file: string) => (existsSync(file) ? [file] : []);

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.ts"], testTimeout: 60_000 } },
      { test: { name: "infra", include: ["test/infra/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000 } },
      { test: { name: "statemachines", include: ["test/statemachines/**/*.test.ts"], testTimeout: 60_000 } },
      {
        extends: "./frontend/vite.config.ts",
        test: {
          name: "web",
          root: "./frontend",
          include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
          environment: "jsdom",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: globalSetupIfPresent("test/integration/global-setup.ts"),
          setupFiles: ["test/integration/gallery-per-file.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          // A real browser against a whole local stack on a shared 2-core machine: one retry absorbs a
          // timing hiccup; a broken feature fails both attempts.
          retry: 1,
          globalSetup: globalSetupIfPresent("test/e2e/global-setup.ts"),
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
