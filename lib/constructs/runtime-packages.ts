import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot } from "../paths.js";

/**
 * Packages that load files from their own folder at run time (native addons, .wasm, bundled model
 * weights) cannot be inlined by esbuild. Functions that run detection keep them external and get
 * them copied, with their production dependencies, into the bundle's node_modules. The copy comes
 * from the local node_modules, so synthesis needs no registry access.
 */
export const DETECTION_RUNTIME_PACKAGES = [
  "onnxruntime-node",
  "@tensorflow/tfjs-backend-wasm",
  "@vladmandic/face-api",
  "@ricky0123/vad-web",
  "@contentauth/c2pa-wasm",
] as const;

/** Paths inside a copied package that Lambda (linux arm64) never loads; they would only add size. */
const PRUNE: Record<string, string[]> = {
  "onnxruntime-node": ["bin/napi-v*/darwin", "bin/napi-v*/win32", "bin/napi-v*/linux/x64"],
  "@vladmandic/face-api": ["demo", "src", "types", "dist/*.map"],
};

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Resolves `name` the way Node does from `fromDir` upwards, stopping at the repository root. */
function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === repoRoot || dir === dirname(dir)) return undefined;
  }
}

/** Installed packages among `roots` plus everything they depend on at run time, as root-relative dirs. */
export function runtimeClosure(roots: readonly string[]): { name: string; dir: string }[] {
  const found = new Map<string, string>();
  const visit = (name: string, fromDir: string) => {
    const dir = resolvePackageDir(name, fromDir);
    if (!dir || found.has(dir)) return;
    found.set(dir, name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      // Type packages never load at run time.
      if (!dep.startsWith("@types/")) visit(dep, dir);
    }
  };
  for (const name of roots) visit(name, repoRoot);
  return [...found].map(([dir, name]) => ({ name, dir: relative(repoRoot, dir) }));
}

/**
 * Shell commands (run by NodejsFunction's afterBundling hook) that copy the closure into the bundle,
 * keeping the node_modules nesting so packages that need different versions of one dependency keep them.
 */
export function copyRuntimePackagesCommands(inputDir: string, outputDir: string, roots: readonly string[]): string[] {
  return runtimeClosure(roots).flatMap(({ name, dir }) => {
    const target = `${outputDir}/${dir}`;
    return [
      `mkdir -p "${target}"`,
      `cp -RL "${inputDir}/${dir}/." "${target}/"`,
      ...(PRUNE[name] ?? []).map((p) => `rm -rf "${target}"/${p}`),
    ];
  });
}
