import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../repo-root.js";

// biome-ignore lint/suspicious/noExplicitAny: handlers of every shape (API, task, schedule) are loaded here
export type AnyHandler = (event: any, context: any) => Promise<unknown>;

const loaded = new Map<string, Promise<AnyHandler>>();

/**
 * Loads the `handler` export of a Lambda entry ("lambdas/src/...", as the route and task tables name it)
 * once, lazily, so process.env is complete before any handler module validates it at module scope.
 */
export function loadHandler(entry: string): Promise<AnyHandler> {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(path.resolve(repoRoot, entry)).href).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== "function") throw new Error(`${entry} has no exported handler`);
      return mod.handler;
    });
    loaded.set(entry, handler);
    handler.catch(() => loaded.delete(entry));
  }
  return handler;
}
