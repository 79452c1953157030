import type { Signal } from "../result.js";
import { namesKnownGenerator } from "./generator-metadata.js";

/** Video container tags (encoder, comment, software...) naming a known generator. */
export function containerMetadataSignal(tags: Record<string, string>): Signal {
  const findings = Object.entries(tags)
    .map(([key, value]) => ({ key, value: value.slice(0, 200), tool: namesKnownGenerator(value) }))
    .filter((finding) => finding.tool !== undefined);
  if (findings.length > 0) {
    return {
      id: "container-metadata",
      status: "present",
      score: 0.9,
      explanation: `Container metadata names a generator (${[...new Set(findings.map((f) => f.tool))].join(", ")})`,
      evidence: { findings, tags },
    };
  }
  return {
    id: "container-metadata",
    status: "absent",
    explanation: "Container metadata names no known generator (it is easily rewritten, so this proves nothing)",
    evidence: { tags },
  };
}
