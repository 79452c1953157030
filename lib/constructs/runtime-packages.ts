import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot } from "../paths.js";

/**
 * Packages that load files from their own folder at run time (native addons, .wasm, bundled model
 * weights) cannot be inlined by esbuild. Every function keeps them external, and those whose bundle
 * imports one get it copied, with its production dependencies, into the bundle's node_modules. The
 * copy comes from the local node_modules, so synthesis needs no registry access.
 */
export const DETECTION_RUNTIME_PACKAGES = [
  "onnxruntime-node",
  "@ricky0123/vad-web",
  "@contentauth/c2pa-wasm",
  "sharp",
] as const;

/**
 * Static linux-arm64 ffmpeg/ffprobe builds published on npm, for the detection functions' ffmpeg
 * layer when the stage config names no layer of its own. Fetched by `npm run setup:lambda`.
 */
export const FFMPEG_LAYER_PACKAGES = [
  { name: "@ffmpeg-installer/linux-arm64", version: "4.1.4", binary: "ffmpeg" },
  { name: "@ffprobe-installer/linux-arm64", version: "5.2.0", binary: "ffprobe" },
] as const;

/** Lambda's platform: packages built for anything else (per their `os`/`cpu`/`libc` fields) are left out. */
export const LAMBDA_PLATFORM = { os: "linux", cpu: "arm64", libc: "glibc" };

/**
 * Where `npm run setup:lambda` unpacks Lambda-platform binaries that npm does not install on a
 * build machine of another platform (sharp's linux-arm64 packages on an x64 machine).
 */
export const LAMBDA_BINARIES_DIR = ".lambda-binaries";

/**
 * Packages used only for files they ship (vad-web: its Silero ONNX model, run by onnxruntime-node):
 * their own dependencies (onnxruntime-web, 140 MB of browser runtimes) are never loaded on Lambda.
 */
const FILES_ONLY = new Set(["@ricky0123/vad-web"]);

/** Paths inside a copied package that Lambda (linux arm64) never loads; they would only add size. */
const PRUNE: Record<string, string[]> = {
  "onnxruntime-node": ["bin/napi-v*/darwin", "bin/napi-v*/win32", "bin/napi-v*/linux/x64"],
};

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

export const runsOnLambda = (pkg: Pick<PackageJson, "os" | "cpu" | "libc">) =>
  (!pkg.os || pkg.os.includes(LAMBDA_PLATFORM.os)) &&
  (!pkg.cpu || pkg.cpu.includes(LAMBDA_PLATFORM.cpu)) &&
  (!pkg.libc || pkg.libc.includes(LAMBDA_PLATFORM.libc));

/**
 * Resolves `name` the way Node does from `fromDir` upwards, stopping at the repository root, then
 * among the Lambda-platform binaries fetched by `npm run setup:lambda`.
 */
function resolvePackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === repoRoot || dir === dirname(dir)) break;
  }
  const fetched = join(repoRoot, LAMBDA_BINARIES_DIR, "node_modules", name);
  return existsSync(join(fetched, "package.json")) ? fetched : undefined;
}

/**
 * Installed packages among `roots` plus everything they depend on at run time: `dir` is where the
 * package is (root-relative), `target` where it goes in a bundle (fetched binaries go to the
 * bundle's top node_modules, where Node finds them from any package).
 */
export function runtimeClosure(roots: readonly string[]): { name: string; dir: string; target: string }[] {
  const found = new Map<string, string>();
  const visit = (name: string, fromDir: string) => {
    const dir = resolvePackageDir(name, fromDir);
    if (!dir || found.has(dir)) return;
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
    if (!runsOnLambda(pkg)) return;
    found.set(dir, name);
    if (FILES_ONLY.has(name)) return;
    // Optional dependencies carry platform binaries (sharp's @img/*); only installed ones are found.
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies })) {
      // Type packages never load at run time.
      if (!dep.startsWith("@types/")) visit(dep, dir);
    }
  };
  for (const name of roots) visit(name, repoRoot);
  return [...found].map(([dir, name]) => {
    const rel = relative(repoRoot, dir);
    return {
      name,
      dir: rel,
      target: rel.startsWith(`${LAMBDA_BINARIES_DIR}/`) ? relative(LAMBDA_BINARIES_DIR, rel) : rel,
    };
  });
}

/**
 * Shell commands (run by NodejsFunction's afterBundling hook) that copy each package the bundle
 * actually imports, with its run-time dependencies, into the bundle. The node_modules nesting is
 * kept so packages that need different versions of one dependency keep them. Whether a bundle
 * imports a package is read from the bundle itself, so handlers that never reach a model stay small.
 */
export function copyRuntimePackagesCommands(outputDir: string, inputDir: string, roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    const copies = runtimeClosure([root]).flatMap(({ name, dir, target: into }) => {
      const target = `${outputDir}/${into}`;
      return [
        `mkdir -p "${target}"`,
        `cp -RL "${inputDir}/${dir}/." "${target}/"`,
        ...(PRUNE[name] ?? []).map((p) => `rm -rf "${target}"/${p}`),
        // Source maps of dependencies are never read at run time (Lambda's 250 MB limit counts them).
        `find "${target}" -name '*.map' -type f -delete`,
      ];
    });
    if (copies.length === 0) return [];
    // Matches `"pkg"` and subpath imports such as `"pkg/dist/file.js"` in the bundle.
    return [`if grep -qE '"${root}["/]' "${outputDir}/index.mjs"; then ${copies.join(" && ")}; fi`];
  });
}

/** Paths of the fetched ffmpeg/ffprobe binaries, or undefined when setup:lambda has not fetched them. */
export function fetchedFfmpegBinaries(): { binary: string; version: string; path: string }[] | undefined {
  const found = FFMPEG_LAYER_PACKAGES.map(({ name, version, binary }) => ({
    binary,
    version,
    path: join(repoRoot, LAMBDA_BINARIES_DIR, "node_modules", name, binary),
  }));
  return found.every((f) => existsSync(f.path)) ? found : undefined;
}

/** Root packages whose Lambda-platform binary is neither installed nor fetched (see `runsOnLambda`). */
export function missingLambdaBinaries(): string[] {
  const sharpBinary = `@img/sharp-${LAMBDA_PLATFORM.os}-${LAMBDA_PLATFORM.cpu}`;
  return resolvePackageDir("sharp", repoRoot) && !resolvePackageDir(sharpBinary, repoRoot) ? [sharpBinary] : [];
}
