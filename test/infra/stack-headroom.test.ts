import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp, stageFromCdkJson } from "./synth-app.js";

/** CloudFormation's limits per stack (a nested stack is a stack of its own). */
const MAX_RESOURCES = 500;
const MAX_TEMPLATE_BYTES = 1_000_000;
/** Room every stack keeps to grow: a quarter of each limit. */
const HEADROOM = 0.25;

describe.each(["dev", "prod"])("the %s stage's stacks", (stage) => {
  const { app } = buildApp(stageFromCdkJson(stage));
  const assembly = app.synth();
  const templates = readdirSync(assembly.directory).filter((f) => f.endsWith(".template.json"));

  it("include the service's nested stacks", () => {
    expect(templates.filter((f) => f.includes(".nested.")).length).toBeGreaterThanOrEqual(2);
  });

  it.each(templates)("%s keeps a quarter of CloudFormation's resource and template size limits free", (file) => {
    const path = join(assembly.directory, file);
    const resources = Object.keys(
      (JSON.parse(readFileSync(path, "utf8")) as { Resources: Record<string, unknown> }).Resources,
    ).length;
    expect(resources).toBeLessThanOrEqual(MAX_RESOURCES * (1 - HEADROOM));
    // The template file is what CDK uploads for CloudFormation, byte for byte.
    expect(statSync(path).size).toBeLessThanOrEqual(MAX_TEMPLATE_BYTES * (1 - HEADROOM));
  });
});
