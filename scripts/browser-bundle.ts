import { build } from "esbuild";

/**
 * One ESM file for a browser build of detection code (face-browser, voice-browser): minified,
 * everything it imports inside, loaded by the web app with import() only when needed.
 * Returns the bundle's size in bytes.
 */
export async function bundleForBrowser(entryPoint: string, outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outfile,
    metafile: true,
    logLevel: "warning",
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}
