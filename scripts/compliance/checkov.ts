import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../../lib/paths.js";

/** The checkov release the templates are checked with: pinned, so a new release's checks arrive as a deliberate change. */
export const CHECKOV_VERSION = "3.3.30";

const VENV = fromRoot(".cache/checkov-venv");
const python = (venv: string) => join(venv, "bin", "python");
// Run through the venv's interpreter rather than its console script, whose first line names the path it was installed at.
const RUN_CHECKOV = "import sys\nfrom checkov.main import Checkov\nsys.exit(Checkov().run())";

function installedVersion(venv: string): string | undefined {
  if (!existsSync(python(venv))) return undefined;
  const run = spawnSync(python(venv), ["-c", RUN_CHECKOV, "--version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

const LOCK = `${VENV}.lock`;
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** A lock whose installer died (or never wrote its pid, 15 minutes on) is taken over. */
function lockIsStale(): boolean {
  try {
    const holder = Number(readFileSync(join(LOCK, "pid"), "utf8"));
    process.kill(holder, 0);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
    try {
      return Date.now() - statSync(LOCK).mtimeMs > 15 * 60_000;
    } catch {
      return false;
    }
  }
}

/**
 * checkov from PyPI in a venv under .cache (python3 and pip are all it needs), installed on first use.
 * One process installs while the others (test files start together) wait for it; the install goes
 * into a folder of its own and is renamed into place, so nobody ever runs a half-installed venv.
 */
export function ensureCheckov(): string {
  if (installedVersion(VENV) === CHECKOV_VERSION) return VENV;
  mkdirSync(fromRoot(".cache"), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      break;
    } catch {
      if (lockIsStale()) rmSync(LOCK, { recursive: true, force: true });
      sleep(2000);
      if (installedVersion(VENV) === CHECKOV_VERSION) return VENV;
    }
  }
  try {
    install();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
  return VENV;
}

function install() {
  if (installedVersion(VENV) === CHECKOV_VERSION) return;
  const staging = `${VENV}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  // Output is kept for the error a failed install throws, not printed into every test run.
  execFileSync("python3", ["-m", "venv", staging], { stdio: "pipe" });
  execFileSync(
    python(staging),
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `checkov==${CHECKOV_VERSION}`],
    { stdio: "pipe", maxBuffer: 64 * 1024 * 1024 },
  );
  rmSync(VENV, { recursive: true, force: true });
  renameSync(staging, VENV);
}

export interface CheckovCheck {
  check_id: string;
  check_name: string;
  /** `AWS::Lambda::Function.LogicalId` */
  resource: string;
  file_path: string;
  check_result: { result: "PASSED" | "FAILED" | "SKIPPED"; suppress_comment?: string };
}

export interface CheckovResults {
  passed: CheckovCheck[];
  failed: CheckovCheck[];
  skipped: CheckovCheck[];
  summary: { passed: number; failed: number; skipped: number; resource_count: number; checkov_version: string };
}

/**
 * Runs checkov's CloudFormation checks on the given templates, offline (`--skip-download`: no
 * guideline links, nothing sent anywhere), and returns every check's outcome.
 */
export function runCheckov(templates: string[]): CheckovResults {
  const venv = ensureCheckov();
  const args = [
    "-c",
    RUN_CHECKOV,
    ...templates.flatMap((t) => ["-f", t]),
    "--framework",
    "cloudformation",
    "--output",
    "json",
    "--compact",
    "--skip-download",
  ];
  const run = spawnSync(python(venv), args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  // checkov exits 1 when a check failed; the JSON says which.
  if (run.status !== 0 && run.status !== 1) throw new Error(`checkov failed (${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    results: { passed_checks: CheckovCheck[]; failed_checks: CheckovCheck[]; skipped_checks: CheckovCheck[] };
    summary: CheckovResults["summary"];
  };
  return {
    passed: report.results.passed_checks,
    failed: report.results.failed_checks,
    skipped: report.results.skipped_checks,
    summary: report.summary,
  };
}

/** The resource's logical id in its template (`AWS::S3::Bucket.AccessLogsBucketCD784A59` -> `AccessLogsBucketCD784A59`). */
export const logicalIdOf = (check: CheckovCheck): string => check.resource.split(".").slice(1).join(".");
