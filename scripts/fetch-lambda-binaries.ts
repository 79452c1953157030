/**
 * `npm run setup:lambda`: fetches the platform binaries Lambda (linux arm64, glibc) needs but npm
 * leaves out on a build machine of another platform: optional dependencies of the detection
 * runtime packages, such as sharp's @img/sharp-linux-arm64 and its libvips. `npm pack` takes each
 * at the exact version the installed package pins and checks it against the registry's integrity
 * hash; it is unpacked into .lambda-binaries/node_modules, where the function bundling looks for
 * it. It also fetches static linux-arm64 ffmpeg/ffprobe builds for the detection functions' layer.
 * Without this step `cdk synth` warns that image and audio decoding would not work on Lambda.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  DETECTION_RUNTIME_PACKAGES,
  FFMPEG_LAYER_PACKAGES,
  fetchedFfmpegBinaries,
  LAMBDA_BINARIES_DIR,
  missingLambdaBinaries,
  runsOnLambda,
} from "../lib/constructs/runtime-packages.js";
import { repoRoot } from "../lib/paths.js";

interface Manifest {
  optionalDependencies?: Record<string, string>;
}
interface PackResult {
  filename: string;
  integrity: string;
}

const npm = (args: string[], cwd = repoRoot) => execFileSync("npm", args, { cwd, encoding: "utf8" });
const installedDir = (name: string) => path.join(repoRoot, "node_modules", name);
const fetchedDir = (name: string) => path.join(repoRoot, LAMBDA_BINARIES_DIR, "node_modules", name);

/** Optional dependencies of the runtime packages that run on Lambda and are not on disk yet. */
function wanted(): { name: string; version: string }[] {
  const out: { name: string; version: string }[] = [];
  for (const root of DETECTION_RUNTIME_PACKAGES) {
    const manifestFile = path.join(installedDir(root), "package.json");
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    for (const [name, version] of Object.entries(manifest.optionalDependencies ?? {})) {
      if (existsSync(path.join(installedDir(name), "package.json"))) continue;
      if (existsSync(path.join(fetchedDir(name), "package.json"))) continue;
      // The platform fields come from the registry's manifest: the package is not installed here.
      const fields = JSON.parse(npm(["view", `${name}@${version}`, "--json"])) as Parameters<typeof runsOnLambda>[0];
      if (runsOnLambda(fields)) out.push({ name, version });
    }
  }
  for (const { name, version } of FFMPEG_LAYER_PACKAGES)
    if (!existsSync(path.join(fetchedDir(name), "package.json"))) out.push({ name, version });
  return out;
}

function main(): void {
  const work = mkdtempSync(path.join(tmpdir(), "lg-lambda-binaries-"));
  try {
    for (const { name, version } of wanted()) {
      const [packed] = JSON.parse(
        npm(["pack", `${name}@${version}`, "--pack-destination", work, "--json"], work),
      ) as PackResult[];
      if (!packed) throw new Error(`npm pack ${name}@${version} returned nothing`);
      const target = fetchedDir(name);
      rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
      execFileSync("tar", ["-xzf", path.join(work, packed.filename), "--strip-components=1", "-C", target]);
      console.log(`setup:lambda: ${name}@${version} (${packed.integrity.slice(0, 20)}…) into ${LAMBDA_BINARIES_DIR}/`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const missing = [...missingLambdaBinaries(), ...(fetchedFfmpegBinaries() ? [] : ["ffmpeg/ffprobe layer binaries"])];
  if (missing.length > 0) throw new Error(`still missing for Lambda: ${missing.join(", ")}`);
  console.log("setup:lambda: every Lambda-platform binary the functions load is present");
}

try {
  main();
} catch (error) {
  console.error(`setup:lambda failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
