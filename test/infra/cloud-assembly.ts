import { execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../../lib/paths.js";

/** Lambda's limit on a function's code and all its layers, unzipped (250 MB). */
export const LAMBDA_UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;

/**
 * `cdk synth` as a deploy runs it (bundling, assets, cdk-nag), into a folder under .cache that is
 * reused between runs, so unchanged assets (the model weights) are not staged again.
 */
export function synthesizeCloudAssembly(outdir = fromRoot(".cache/cdk-test.out")): string {
  for (const entry of existsSync(outdir) ? readdirSync(outdir) : []) {
    // Stale templates of stacks that no longer exist must not be linted or measured.
    if (entry.endsWith(".template.json") || entry.endsWith(".assets.json")) rmSync(join(outdir, entry));
  }
  execFileSync("npx", ["cdk", "synth", "--quiet", "--output", outdir], {
    cwd: fromRoot(),
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return outdir;
}

export const templateFiles = (outdir: string) =>
  readdirSync(outdir)
    .filter((f) => f.endsWith(".template.json"))
    .map((f) => join(outdir, f));

function directoryBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += directoryBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** The sum of a zip's entries' uncompressed sizes, from its central directory. */
export function unzippedBytes(zipFile: string): number {
  const size = statSync(zipFile).size;
  const tailLength = Math.min(size, 65_557);
  const tail = Buffer.alloc(tailLength);
  const fd = openSync(zipFile, "r");
  try {
    readSync(fd, tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error(`${zipFile}: no zip end-of-central-directory record`);
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    const directory = Buffer.alloc(directorySize);
    readSync(fd, directory, 0, directorySize, directoryOffset);
    let total = 0;
    let at = 0;
    for (let i = 0; i < entries; i++) {
      if (directory.readUInt32LE(at) !== 0x02014b50) throw new Error(`${zipFile}: bad central directory entry`);
      total += directory.readUInt32LE(at + 24);
      at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return total;
  } finally {
    closeSync(fd);
  }
}

interface AssetManifest {
  files: Record<string, { source: { path: string; packaging?: string } }>;
}

type Resource = { Type: string; Properties?: Record<string, unknown> };

/** Unzipped bytes of the asset a Code/Content property points at (an S3Key `<hash>.zip`). */
function assetBytes(outdir: string, assets: AssetManifest, location: unknown, what: string): number {
  const { S3Key, ZipFile } = (location ?? {}) as { S3Key?: unknown; ZipFile?: unknown };
  if (typeof ZipFile === "string") return Buffer.byteLength(ZipFile);
  if (typeof S3Key !== "string")
    throw new Error(`${what}: code is not a synthesized asset (${JSON.stringify(location)})`);
  const asset = assets.files[S3Key.replace(/\.zip$/, "")];
  if (!asset) throw new Error(`${what}: asset ${S3Key} not in the assembly's asset manifests`);
  const path = join(outdir, asset.source.path);
  return statSync(path).isDirectory() ? directoryBytes(path) : unzippedBytes(path);
}

export interface FunctionSize {
  stack: string;
  logicalId: string;
  bytes: number;
}

/** Every function of every template with its code plus layers, unzipped, as Lambda counts them. */
export function functionSizes(outdir: string): FunctionSize[] {
  const sizes: FunctionSize[] = [];
  // A nested stack's assets are listed in its top-level stack's manifest: read them all as one.
  const assets: AssetManifest = { files: {} };
  for (const file of readdirSync(outdir).filter((f) => f.endsWith(".assets.json"))) {
    Object.assign(assets.files, (JSON.parse(readFileSync(join(outdir, file), "utf8")) as AssetManifest).files);
  }
  for (const file of templateFiles(outdir)) {
    const stack = file.replace(/^.*\//, "").replace(/\.template\.json$/, "");
    const resources = (JSON.parse(readFileSync(file, "utf8")) as { Resources: Record<string, Resource> }).Resources;
    for (const [logicalId, resource] of Object.entries(resources)) {
      if (resource.Type !== "AWS::Lambda::Function") continue;
      const what = `${stack}/${logicalId}`;
      let bytes = assetBytes(outdir, assets, resource.Properties?.Code, what);
      for (const layer of (resource.Properties?.Layers ?? []) as unknown[]) {
        const ref = (layer as { Ref?: string }).Ref;
        const layerResource = ref ? resources[ref] : undefined;
        if (layerResource?.Type !== "AWS::Lambda::LayerVersion") {
          throw new Error(
            `${what}: layer ${JSON.stringify(layer)} is not a layer of this stack, so its size is unknown`,
          );
        }
        bytes += assetBytes(outdir, assets, layerResource.Properties?.Content, `${what} layer ${ref}`);
      }
      sizes.push({ stack, logicalId, bytes });
    }
  }
  return sizes;
}
