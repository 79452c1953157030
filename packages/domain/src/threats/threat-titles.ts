import type { ThreatClassification, ThreatKind } from "./classification-schema.js";

/** Titles say what the evidence shows, of whom; "your" for the account holder. */
export function titleFor(
  type: ThreatKind,
  modality: ThreatClassification["likeness"]["modality"],
  whose: string,
  handle?: string,
) {
  const possessive = whose === "you" ? "your" : `${whose}'s`;
  if (modality === "registered-image") return `Intimate image ${whose === "you" ? "you" : whose} registered`;
  switch (type) {
    case "deepfake":
      return `Synthetic media showing ${possessive} face`;
    case "voice_clone":
      return `Cloned voice imitating ${whose === "you" ? "you" : whose}`;
    case "intimate_imagery":
      return `Intimate image showing ${possessive} face`;
    case "impersonation":
      return `Profile ${handle ? `@${handle} ` : ""}impersonating ${whose === "you" ? "you" : whose}`;
    case "likeness_misuse":
      return `${possessive.replace(/^y/, "Y")} ${modality === "voice" ? "voice" : "face"} used without consent`;
  }
}
