import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import init, { WasmReader } from "@contentauth/c2pa-wasm";
import type { MediaFormat, Signal } from "../result.js";
import { isSyntheticSourceType, sourceTypeCode } from "./digital-source-type.js";

/**
 * C2PA content credentials read offline with the c2pa-rs WebAssembly build. Reports what every
 * manifest in the store declares (digitalSourceType of each action, including ingredients'
 * manifests, since an edit of a generated image carries the generation in an ingredient) and
 * whether the active manifest validates. An untrusted signing certificate is reported but is not
 * tampering: it only means the signer is not on a trust list this build knows.
 */

const MIME: Partial<Record<MediaFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
};

let initialised: Promise<unknown> | undefined;
function ready(): Promise<unknown> {
  if (!initialised) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve("@contentauth/c2pa-wasm/c2pa.wasm");
    initialised = readFile(wasmPath).then((module_or_path) => init({ module_or_path }));
  }
  return initialised;
}

interface ValidationEntry {
  code: string;
  explanation?: string;
}
interface ManifestAction {
  action?: string;
  digitalSourceType?: string;
  softwareAgent?: string | { name?: string };
}
interface Manifest {
  claim_generator?: string;
  claim_generator_info?: { name?: string; version?: string }[];
  assertions?: { label: string; data?: { actions?: ManifestAction[] } }[];
}
interface ManifestStore {
  active_manifest?: string;
  manifests?: Record<string, Manifest>;
  validation_state?: string;
  validation_status?: ValidationEntry[];
}

/** Failure codes that mean the content or claim changed after signing. */
const TAMPER_CODES = /mismatch|\.missing|hash|signature/i;
/**
 * Trust-list outcomes, not integrity failures: an offline reader knows no trust list, and an
 * expired signer certificate does not mean the content changed.
 */
const isTrustWarning = (code: string) => /\.untrusted$|\.expired$|ocsp\.skipped$/.test(code);

function declaredSourceTypes(store: ManifestStore) {
  const found: {
    manifest: string;
    active: boolean;
    action: string;
    digitalSourceType: string;
    softwareAgent?: string;
  }[] = [];
  // The reader hands the manifest map over in a new order on each read: the active manifest
  // goes first, then the ingredients' by label, so the same file always gets the same explanation.
  const active = (label: string) => (label === store.active_manifest ? 0 : 1);
  const manifests = Object.entries(store.manifests ?? {}).sort(
    ([a], [b]) => active(a) - active(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const [label, manifest] of manifests) {
    for (const assertion of manifest.assertions ?? []) {
      if (!assertion.label.startsWith("c2pa.actions")) continue;
      for (const action of assertion.data?.actions ?? []) {
        if (!action.digitalSourceType) continue;
        const agent = typeof action.softwareAgent === "string" ? action.softwareAgent : action.softwareAgent?.name;
        found.push({
          manifest: label,
          active: label === store.active_manifest,
          action: action.action ?? "",
          digitalSourceType: sourceTypeCode(action.digitalSourceType),
          ...(agent ? { softwareAgent: agent } : {}),
        });
      }
    }
  }
  return found;
}

export async function c2paSignal(bytes: Uint8Array, format: MediaFormat): Promise<Signal> {
  const mime = MIME[format];
  if (!mime) {
    return { id: "c2pa", status: "unknown", explanation: `C2PA is not read from ${format} files`, evidence: {} };
  }
  await ready();
  let store: ManifestStore;
  try {
    const reader = await WasmReader.fromBytes(mime, bytes);
    store = JSON.parse(reader.json()) as ManifestStore;
    reader.free();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes("JumbfNotFound") || message.includes("NotFound")) {
      return {
        id: "c2pa",
        status: "unknown",
        explanation: "No C2PA manifest: the file makes no provenance claim either way",
        evidence: { manifest: false },
      };
    }
    return {
      id: "c2pa",
      status: "unknown",
      explanation: `A C2PA manifest could not be read: ${message}`,
      evidence: { manifest: "unreadable", error: message },
    };
  }
  const statuses = store.validation_status ?? [];
  const failures = statuses.filter((entry) => !isTrustWarning(entry.code));
  const tamperCodes = failures.filter((entry) => TAMPER_CODES.test(entry.code)).map((entry) => entry.code);
  const valid = failures.length === 0;
  const declarations = declaredSourceTypes(store);
  const synthetic = declarations.filter((entry) => isSyntheticSourceType(entry.digitalSourceType));
  const active = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
  const evidence: Record<string, unknown> = {
    manifest: true,
    validationState: store.validation_state ?? "unknown",
    valid,
    tampered: tamperCodes.length > 0,
    failures: failures.map((entry) => ({ code: entry.code, explanation: entry.explanation ?? "" })),
    trustWarnings: statuses.filter((entry) => isTrustWarning(entry.code)).map((entry) => entry.code),
    claimGenerator: active?.claim_generator ?? active?.claim_generator_info?.map((info) => info.name).join(", "),
    digitalSourceTypes: declarations,
    manifests: Object.keys(store.manifests ?? {}).length,
  };
  if (synthetic.length > 0) {
    const types = [...new Set(synthetic.map((entry) => entry.digitalSourceType))].join(", ");
    const validity = valid ? "the manifest validates" : "but the manifest does NOT validate";
    return {
      id: "c2pa",
      status: "present",
      score: valid ? 0.99 : 0.9,
      explanation: `C2PA manifest declares ${types}; ${validity}`,
      evidence,
    };
  }
  if (!valid) {
    return {
      id: "c2pa",
      status: "present",
      explanation: `C2PA manifest is invalid (${failures.map((entry) => entry.code).join(", ")})${
        tamperCodes.length > 0 ? ": the content or its claim changed after signing" : ""
      }`,
      evidence,
    };
  }
  return {
    id: "c2pa",
    status: "absent",
    explanation: "A valid C2PA manifest is present and declares no generated content",
    evidence,
  };
}
