import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../../lib/paths.js";
import {
  functionSizes,
  LAMBDA_UNZIPPED_LIMIT_BYTES,
  synthesizeCloudAssembly,
  templateFiles,
} from "./cloud-assembly.js";

/** The AWS CloudFormation linter, pinned: a new release's rules change what passes. */
const CFN_LINT_VERSION = "1.58.0";
const CFN_LINT_VENV = fromRoot(".cache/cfn-lint-venv");

/** A virtual environment under .cache with the pinned cfn-lint from PyPI, made once per machine. */
function cfnLint(): string {
  const bin = join(CFN_LINT_VENV, "bin", "cfn-lint");
  const installed = existsSync(bin)
    ? spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.includes(CFN_LINT_VERSION)
    : false;
  if (!installed) {
    execFileSync("python3", ["-m", "venv", CFN_LINT_VENV], { stdio: "inherit" });
    execFileSync(join(CFN_LINT_VENV, "bin", "pip"), ["install", "--quiet", `cfn-lint==${CFN_LINT_VERSION}`], {
      stdio: "inherit",
    });
  }
  return bin;
}

let outdir: string;
beforeAll(() => {
  outdir = synthesizeCloudAssembly();
}, 900_000);

describe("the synthesized app", () => {
  it("fits every function's code and layers in Lambda's 250 MB unzipped", () => {
    const sizes = functionSizes(outdir);
    expect(sizes.length).toBeGreaterThan(30);
    const over = sizes
      .filter((s) => s.bytes > LAMBDA_UNZIPPED_LIMIT_BYTES)
      .map((s) => `${s.stack}/${s.logicalId}: ${(s.bytes / 2 ** 20).toFixed(1)} MiB`);
    expect(over).toEqual([]);
  });

  it("passes cfn-lint with no errors, every kept warning justified in .cfnlintrc", () => {
    const templates = templateFiles(outdir);
    expect(templates.length).toBeGreaterThanOrEqual(6);
    // .cfnlintrc (repository root) lists each warning rule left on purpose, with the reason.
    const run = spawnSync(cfnLint(), ["--format", "parseable", "--", ...templates], {
      cwd: fromRoot(),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error).toBeUndefined();
    const findings = run.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(findings).toEqual([]);
    expect(run.status).toBe(0);
  }, 600_000);
});
