import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type LocalStack, type LocalStackOptions, startLocalStack } from "../../../local/src/stack.js";
import { distDir, ensureWebBuilt, launchChromium } from "./browser.js";

export interface BrowserStack {
  /** The whole local stack serving the built web app; set once the file's first hook has run. */
  readonly stack: LocalStack;
  readonly browser: Browser;
  /** A page in a new browser context (its own cookies), 1280 × 900 unless the options say otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The fixture every browser e2e file starts from: registers the hooks that start the local stack
 * (a temporary data folder, the built app, any free port) and Chromium before the file's tests and
 * stop both after them. Call it at the top of the file, before the file's own hooks, so those run
 * after it starts and before it stops.
 */
export function useBrowserStack(
  name: string,
  options: Omit<LocalStackOptions, "dataDir" | "port" | "distDir"> = {},
  browserOptions: {
    /** Chromium's extra flags, from the started stack (e.g. fake camera files built from its scenario). */
    chromiumArgs?: (stack: LocalStack) => Promise<string[]>;
  } = {},
): BrowserStack {
  let dataDir: string | undefined;
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    ensureWebBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), `lg-e2e-${name}-`));
    stack = await startLocalStack({ dataDir, port: 0, distDir, ...options });
    browser = await launchChromium((await browserOptions.chromiumArgs?.(stack)) ?? []);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started: use it inside a test or hook`);
    return value;
  };
  return {
    get stack() {
      return started(stack, "local stack");
    },
    get browser() {
      return started(browser, "browser");
    },
    async newPage(contextOptions = {}) {
      const context = await started(browser, "browser").newContext({
        viewport: { width: 1280, height: 900 },
        ...contextOptions,
      });
      return context.newPage();
    },
  };
}
