import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_ENROLMENT, DEMO_FACE, DEMO_ITEMS } from "@lg/domain/demo/demo-catalogue";
import { describe, expect, it } from "vitest";

const dataDir = path.resolve(import.meta.dirname, "../../../../shared/data");
const labels = existsSync(path.join(dataDir, "labels.csv"))
  ? new Map(
      readFileSync(path.join(dataDir, "labels.csv"), "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => {
          const [file = "", kind = "", subject = "", synthetic = ""] = line.split(",");
          return [file, { kind, subject, synthetic }] as const;
        }),
    )
  : undefined;

describe("the demo personas' face", () => {
  it("is the one the demo enrols, and every picture matched to a persona is it", () => {
    expect(DEMO_ENROLMENT.face).toBe(DEMO_FACE);
    for (const items of Object.values(DEMO_ITEMS))
      expect(items.filter((i) => i.path === DEMO_FACE).length).toBeGreaterThan(0);
  });

  it.skipIf(!labels)("is labelled AI-generated in the data set: no real person's face under an invented name", () => {
    expect(labels?.get(DEMO_FACE)).toMatchObject({ synthetic: "1", subject: "" });
    // The other pictures the demo scan looks at are other people's, and must not be the persona's.
    for (const items of Object.values(DEMO_ITEMS))
      for (const item of items.filter((i) => i.path !== DEMO_FACE && labels?.get(i.path)?.kind === "face"))
        expect(labels?.get(item.path)?.subject).not.toBe("");
  });
});
