import type { ThreatRecord } from "@lg/notices";
import { threatClassification } from "../../support/threat-classification.js";
import { threat } from "./fixtures.js";

/** Stored threats as a scan records them, one per kind of evidence. */
export const FACE = { personId: "person-1", confidence: 93 };

/** A re-upload of a real photo: the face matches, nothing says it is synthetic. */
export const genuineReupload = (overrides: Partial<ThreatRecord> = {}) =>
  threat({
    threatType: "likeness_misuse",
    detection: {
      synthetic: "no-synthetic-evidence",
      syntheticScore: 0.08,
      signals: [{ id: "c2pa", status: "absent", explanation: "No manifest" }],
      face: FACE,
      voice: null,
    },
    classification: threatClassification("likeness_misuse", { confidence: FACE.confidence }),
    ...overrides,
  });

/** A face match whose fused verdict is synthetic: a provenance-declared AI image. */
export const syntheticFace = (overrides: Partial<ThreatRecord> = {}) =>
  threat({
    threatType: "deepfake",
    detection: {
      synthetic: "synthetic",
      syntheticScore: 0.97,
      signals: [{ id: "generator-metadata", status: "present", score: 0.97, explanation: "ComfyUI workflow" }],
      face: FACE,
      voice: null,
    },
    classification: threatClassification("deepfake", { confidence: FACE.confidence }),
    ...overrides,
  });

/** A synthetic intimate image: the explicit-content finding plus a synthetic verdict. */
export const intimateSynthetic = (overrides: Partial<ThreatRecord> = {}) =>
  syntheticFace({
    threatType: "intimate_imagery",
    detection: { ...syntheticFace().detection, intimate: { status: "present", score: 0.96 } },
    classification: threatClassification("intimate_imagery", { confidence: FACE.confidence, alsoSynthetic: true }),
    ...overrides,
  });

/** A real intimate image: explicit content, no synthetic evidence. */
export const intimateReal = (overrides: Partial<ThreatRecord> = {}) =>
  genuineReupload({
    threatType: "intimate_imagery",
    detection: { ...genuineReupload().detection, intimate: { status: "present", score: 0.91 } },
    classification: threatClassification("intimate_imagery", { confidence: FACE.confidence }),
    ...overrides,
  });

/** A voice match the voice countermeasure calls synthetic. */
export const clonedVoice = (overrides: Partial<ThreatRecord> = {}) =>
  threat({
    threatType: "voice_clone",
    contentType: "audio/wav",
    detection: {
      synthetic: "synthetic",
      syntheticScore: 0.91,
      signals: [{ id: "voice-synthetic", status: "present", score: 0.91, explanation: "Whisper probe" }],
      face: null,
      voice: { personId: "person-1", confidence: 95 },
    },
    classification: threatClassification("voice_clone", { confidence: 95 }),
    ...overrides,
  });

/** A genuine recording of the voice re-posted: matched, no countermeasure reading. */
export const genuineRecording = (overrides: Partial<ThreatRecord> = {}) =>
  clonedVoice({
    threatType: "likeness_misuse",
    detection: {
      synthetic: "no-synthetic-evidence",
      syntheticScore: 0.2,
      signals: [{ id: "voice-synthetic", status: "absent", score: 0.2, explanation: "Whisper probe" }],
      face: null,
      voice: { personId: "person-1", confidence: 95 },
    },
    classification: threatClassification("likeness_misuse", { confidence: 95, modality: "voice" }),
    ...overrides,
  });

export const impersonator = (overrides: Partial<ThreatRecord> = {}) =>
  threat({
    threatType: "impersonation",
    contentType: "profile",
    detection: { nameMatch: "Ada Moreno", handle: "ada_m0reno", face: { personId: "person-1", confidence: 92 } },
    classification: threatClassification("impersonation", {
      confidence: 92,
      handle: "ada_m0reno",
      nameMatch: "Ada Moreno",
    }),
    ...overrides,
  });
