/** The deployment's runtime settings, read from /config.json so one build runs on any stage. */
export interface RuntimeConfig {
  apiUrl: string;
  stage: string;
  region: string;
  userPoolId: string;
  clientId: string;
}

let current: RuntimeConfig = { apiUrl: "", stage: "local", region: "", userPoolId: "", clientId: "" };

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    // index.html preloads this file, so the request is already in flight when the bundle runs.
    const response = await fetchImpl("/config.json");
    if (response.ok) current = { ...current, ...((await response.json()) as Partial<RuntimeConfig>) };
  } catch {
    // A missing config file means "same origin": the local stack and tests serve the API beside the app.
  }
  return current;
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function apiUrl(path: string): string {
  return `${current.apiUrl.replace(/\/$/, "")}${path}`;
}
