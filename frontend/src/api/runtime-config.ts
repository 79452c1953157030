/**
 * The deployment's runtime settings, read from /config.json so one build runs on any stage. The API
 * is not among them: it is always on the app's own origin (relative /api/... paths), so a page opened
 * as http://127.0.0.1:3000 and one opened as http://localhost:3000 both reach it.
 */
export interface RuntimeConfig {
  stage: string;
  region: string;
  userPoolId: string;
  clientId: string;
}

let current: RuntimeConfig = { stage: "local", region: "", userPoolId: "", clientId: "" };

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    // index.html preloads this file, so the request is already in flight when the bundle runs.
    const response = await fetchImpl("/config.json");
    if (response.ok) current = { ...current, ...((await response.json()) as Partial<RuntimeConfig>) };
  } catch {
    // A missing config file leaves the defaults: nothing the app needs to reach its API is in it.
  }
  return current;
}
