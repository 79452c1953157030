/** The deployment's runtime settings, read from /config.json so one build runs on any stage. */
export interface RuntimeConfig {
  apiUrl: string;
  stage: string;
  region: string;
  userPoolId: string;
  clientId: string;
}

let current: RuntimeConfig = { apiUrl: "", stage: "local", region: "", userPoolId: "", clientId: "" };

let loaded: Promise<RuntimeConfig> = Promise.resolve(current);

export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  loaded = (async () => {
    try {
      // index.html preloads this file, so the request is already in flight when the bundle runs.
      const response = await fetchImpl("/config.json");
      if (response.ok) current = { ...current, ...((await response.json()) as Partial<RuntimeConfig>) };
    } catch {
      // A missing config file means "same origin": the local stack and tests serve the API beside the app.
    }
    return current;
  })();
  return loaded;
}

/** The URL of an API path once the runtime config is in: the app renders before it arrives. */
export async function apiUrlWhenLoaded(path: string): Promise<string> {
  await loaded;
  return apiUrl(path);
}

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function apiUrl(path: string): string {
  return `${current.apiUrl.replace(/\/$/, "")}${path}`;
}
