/** Where a browser build keeps its model files and WebAssembly binaries, beside its bundle. */
export interface BuildUrls {
  models: string;
  wasm: string;
}

/**
 * A loader for one of the detection package's browser builds (`npm run build:web` writes each to
 * /<name>/ with models/ and wasm/ beside its bundle): imported on first use only, so it is not in
 * the app's initial JavaScript, started once, and tried afresh after a failed load.
 */
export function browserBuildLoader<Build>(
  name: string,
  start: (build: Build, urls: BuildUrls) => Promise<unknown>,
): () => Promise<Build> {
  let loading: Promise<Build> | undefined;
  return () => {
    if (!loading) {
      loading = (async () => {
        const url = new URL(`/${name}/${name}.js`, window.location.origin).href;
        const build = (await import(/* @vite-ignore */ url)) as Build;
        await start(build, { models: `/${name}/models/`, wasm: `/${name}/wasm/` });
        return build;
      })().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    }
    return loading;
  };
}
