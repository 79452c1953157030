import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AlertOwed,
  BiometricSample,
  ENTITIES,
  type EntityIndex,
  TakedownNotice,
  Threat,
  ThreatAuditEntry,
  toItem,
} from "@lg/domain/table/index";
import { compositesOf, keyTemplate } from "@lg/domain/table/key-template";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { threatClassification } from "../../support/threat-classification.js";

const ROOT = resolve(fileURLToPath(import.meta.url), "../../../..");
const TABLE_MODULE = "packages/domain/src/table";
/** Where product code lives; tests plant rows as they please. */
const SOURCE_ROOTS = ["packages", "lambdas/src", "local/src", "lib", "bin", "scripts", "bench", "frontend/src"];

const indexesOf = (e: (typeof ENTITIES)[number]) => [
  e.primary as EntityIndex<unknown>,
  ...(Object.values(e.indexes) as EntityIndex<unknown>[]),
];

/** Every `WORD#` a key template starts a segment with (USER#, THREAT#, TAKEDOWN#, ...). */
function keyPrefixes(): string[] {
  const words = new Set<string>();
  for (const e of ENTITIES)
    for (const index of indexesOf(e))
      for (const t of [index.pkTemplate.template, index.skTemplate.template])
        for (const m of t.replace(/\{\w+\??\}/g, " ").matchAll(/([A-Z][A-Z0-9]*)#/g)) words.add(m[1] as string);
  return [...words];
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

describe("key templates", () => {
  it("build whole keys, drop an absent optional composite with its separator, and refuse a missing one", () => {
    const audit = keyTemplate("AUDIT#{threatId}#{at}#{entryId?}");
    expect(audit.build({ threatId: "t1", at: "2026-11-29", entryId: "e" })).toBe("AUDIT#t1#2026-11-29#e");
    expect(audit.build({ threatId: "t1", at: "2026-11-29" })).toBe("AUDIT#t1#2026-11-29");
    expect(() => audit.build({ at: "x" } as never)).toThrow(/threatId is missing/);
  });

  it("build begins_with prefixes up to the first composite not given", () => {
    const sample = keyTemplate("BIOMETRIC#{personId}#{modality}#{sampleId}");
    expect(sample.prefixOf({})).toBe("BIOMETRIC#");
    expect(sample.prefixOf({ personId: "p1" })).toBe("BIOMETRIC#p1#");
    expect(sample.prefixOf({ personId: "p1", modality: "face" })).toBe("BIOMETRIC#p1#face#");
    expect(compositesOf(sample.template)).toEqual(["personId", "modality", "sampleId"]);
  });

  it("give reads the very keys the write stored, in the stored format", () => {
    const sample = {
      userId: "u1",
      personId: "p1",
      modality: "face" as const,
      sampleId: "s1",
      source: "upload" as const,
      verified: false,
      encryptedEmbedding: "e",
      encryptedDataKey: "k",
      quality: {},
      createdAt: "2026-11-29T10:00:00.000Z",
    };
    const item = toItem(BiometricSample, sample);
    expect(item).toMatchObject({ pk: "USER#u1", sk: "BIOMETRIC#p1#face#s1" });
    expect(BiometricSample.key(sample)).toEqual({ pk: item.pk, sk: item.sk });
    expect(BiometricSample.primary.query({ userId: "u1", personId: "p1" })).toEqual({
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": "USER#u1", ":sk": "BIOMETRIC#p1#" },
    });
    expect(item.gsi2pk).toBeUndefined();
    expect(TakedownNotice.indexes.gsi1.query({ userId: "u1" })).toEqual({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "USER#u1#NOTICES" },
    });
  });

  it("write derived composites and sparse indexes as the listing reads them", () => {
    const threat = toItem(Threat, {
      userId: "u1",
      id: "t1",
      personId: "p1",
      threatType: "impersonation",
      confidence: 87.25,
      platform: "x",
      url: "https://x.example/a",
      status: "active",
      mediaSha256: "m".repeat(64),
      severity: "high",
      detection: {},
      classification: threatClassification("impersonation", { confidence: 87.25 }),
      sightings: [],
      createdAt: "2026-11-29T10:00:00.000Z",
      updatedAt: "2026-11-29T10:00:00.000Z",
    });
    expect(threat).toMatchObject({
      gsi1pk: `USER#u1#GROUP#media#${"m".repeat(64)}`,
      gsi3sk: "0873#2026-11-29T10:00:00.000Z#t1",
      gsi4sk: "3#0873#2026-11-29T10:00:00.000Z#t1",
    });
    expect(threat.gsi5pk).toBeUndefined();
    const owed = toItem(AlertOwed, {
      userId: "u1",
      threatId: "t1",
      scanId: "s1",
      status: "sending",
      createdAt: "2026-11-29T10:00:00.000Z",
    });
    expect(owed).toMatchObject({ gsi2pk: "ALERTCLAIMS#SENDING", gsi2sk: "2026-11-29T10:00:00.000Z#u1#t1" });
    expect(ThreatAuditEntry.primary.skPrefix({ threatId: "t1" })).toBe("AUDIT#t1#");
  });

  it("name only attributes of their entity or composites it derives", () => {
    for (const e of ENTITIES) {
      const shape = e.schema instanceof z.ZodObject ? Object.keys(e.schema.shape) : [];
      const probe = new Proxy({}, { get: (_t, name) => (typeof name === "string" ? `{${name}}` : undefined) });
      for (const index of indexesOf(e)) {
        // Reading the keys of a placeholder item names every composite; each must be an attribute or derived.
        const keys = index.keysFrom(probe);
        for (const name of [...compositesOf(index.pkTemplate.template), ...compositesOf(index.skTemplate.template)])
          expect(shape.includes(name) || !`${keys.pk}#${keys.sk}`.includes(`{${name}}`), `${e.name}.${name}`).toBe(
            true,
          );
      }
    }
  });
});

describe("keys outside the table module", () => {
  it("are never spelled by hand: no string or template literal outside packages/domain/src/table names a key prefix", () => {
    const prefixes = keyPrefixes();
    expect(prefixes).toEqual(expect.arrayContaining(["USER", "THREAT", "BIOMETRIC", "TAKEDOWN", "FINDING"]));
    const literalWithPrefix = new RegExp(`["'\`][^"'\`\\n]*\\b(?:${prefixes.join("|")})#`);
    const offenders: string[] = [];
    for (const root of SOURCE_ROOTS)
      for (const file of sourceFiles(join(ROOT, root))) {
        const path = relative(ROOT, file);
        if (path.startsWith(TABLE_MODULE)) continue;
        withoutComments(readFileSync(file, "utf8"))
          .split("\n")
          .forEach((line, i) => {
            if (literalWithPrefix.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
          });
      }
    expect(offenders).toEqual([]);
  });
});
