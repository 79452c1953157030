import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  copyRuntimePackagesCommands,
  LAMBDA_BINARIES_DIR,
  runtimeClosure,
} from "../../lib/constructs/runtime-packages.js";
import { repoRoot } from "../../lib/paths.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function bundleImporting(source: string): string {
  const out = mkdtempSync(join(tmpdir(), "lg-bundle-"));
  dirs.push(out);
  writeFileSync(join(out, "index.mjs"), source);
  return out;
}

const run = (commands: string[]) => {
  for (const c of commands) execFileSync("sh", ["-c", c]);
};

describe("runtime packages copied into Lambda bundles", () => {
  it("copies a package and its dependencies only when the bundle imports it", () => {
    const importing = bundleImporting('import*as o from"onnxruntime-common";console.log(o);');
    run(copyRuntimePackagesCommands(importing, repoRoot, ["onnxruntime-common", "semver"]));
    expect(existsSync(join(importing, "node_modules/onnxruntime-common/package.json"))).toBe(true);
    expect(existsSync(join(importing, "node_modules/semver"))).toBe(false);
  });

  it("recognises subpath imports", () => {
    const importing = bundleImporting('const r=require("semver/functions/valid.js");');
    run(copyRuntimePackagesCommands(importing, repoRoot, ["semver"]));
    expect(existsSync(join(importing, "node_modules/semver/package.json"))).toBe(true);
  });

  it("leaves out binaries built for other platforms than linux arm64", () => {
    const names = runtimeClosure(["sharp", "onnxruntime-node"]).map((p) => p.name);
    expect(names).toContain("sharp");
    expect(names.filter((n) => /x64|darwin|win32/.test(n))).toEqual([]);
  });

  it("copies vad-web for its model file without its browser runtime", () => {
    const names = runtimeClosure(["@ricky0123/vad-web"]).map((p) => p.name);
    expect(names).toEqual(["@ricky0123/vad-web"]);
  });

  it("puts a Lambda-platform binary fetched by setup:lambda at the bundle's top node_modules", () => {
    const fake = join(repoRoot, LAMBDA_BINARIES_DIR, "node_modules", "@lg-test", "fake-linux-arm64");
    dirs.push(join(repoRoot, LAMBDA_BINARIES_DIR, "node_modules", "@lg-test"));
    mkdirSync(fake, { recursive: true });
    writeFileSync(
      join(fake, "package.json"),
      JSON.stringify({ name: "@lg-test/fake-linux-arm64", os: ["linux"], cpu: ["arm64"], libc: ["glibc"] }),
    );
    expect(runtimeClosure(["@lg-test/fake-linux-arm64"])).toEqual([
      {
        name: "@lg-test/fake-linux-arm64",
        dir: `${LAMBDA_BINARIES_DIR}/node_modules/@lg-test/fake-linux-arm64`,
        target: "node_modules/@lg-test/fake-linux-arm64",
      },
    ]);
    const importing = bundleImporting('import"@lg-test/fake-linux-arm64";');
    run(copyRuntimePackagesCommands(importing, repoRoot, ["@lg-test/fake-linux-arm64"]));
    expect(existsSync(join(importing, "node_modules/@lg-test/fake-linux-arm64/package.json"))).toBe(true);
  });

  it("leaves out musl builds: Lambda's Linux is glibc", () => {
    const names = runtimeClosure(["sharp"]).map((p) => p.name);
    expect(names.filter((n) => n.includes("musl"))).toEqual([]);
  });
});
