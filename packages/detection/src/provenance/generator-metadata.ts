import type { MediaFormat, Signal } from "../result.js";
import { exifTextTags } from "./exif.js";
import { pngTextChunks } from "./png-text.js";

/**
 * Generator fingerprints in ordinary metadata: the PNG text chunks image-generation front ends
 * write (ComfyUI "prompt"/"workflow", AUTOMATIC1111 "parameters", InvokeAI, NovelAI) and EXIF
 * Software naming a known generator. Unsigned, so easy to strip or forge: present means declared.
 */

/** PNG text keywords and the tool known to write them. */
const GENERATOR_KEYWORDS: Record<string, string> = {
  prompt: "ComfyUI",
  workflow: "ComfyUI",
  parameters: "AUTOMATIC1111 / Stable Diffusion web UI",
  "sd-metadata": "InvokeAI",
  invokeai_metadata: "InvokeAI",
  Dream: "InvokeAI",
  fooocus_scheme: "Fooocus",
};

/** Names of generators as they appear in EXIF Software, PNG Software/Source or XMP CreatorTool. */
const KNOWN_GENERATORS = [
  "stable diffusion",
  "stablediffusion",
  "comfyui",
  "automatic1111",
  "novelai",
  "midjourney",
  "dall-e",
  "dall·e",
  "firefly",
  "imagen",
  "invokeai",
  "fooocus",
  "leonardo.ai",
  "ideogram",
  "diffusers",
  "gemini",
  "sora",
];

export function namesKnownGenerator(text: string): string | undefined {
  const lower = text.toLowerCase();
  return KNOWN_GENERATORS.find((name) => lower.includes(name));
}

const PREVIEW = 200;

export function generatorMetadataSignal(bytes: Uint8Array, format: MediaFormat): Signal {
  const findings: { where: string; key: string; tool: string; preview: string }[] = [];
  const checked: string[] = [];
  if (format === "png") {
    checked.push("png-text");
    for (const [key, text] of pngTextChunks(bytes)) {
      const tool =
        GENERATOR_KEYWORDS[key] ?? (key === "Software" || key === "Source" ? namesKnownGenerator(text) : undefined);
      if (tool) findings.push({ where: "png-text", key, tool, preview: text.slice(0, PREVIEW) });
    }
  }
  if (format === "jpeg" || format === "png" || format === "webp") {
    checked.push("exif");
    const tags = exifTextTags(bytes, format);
    for (const key of ["Software", "Make", "Model", "ImageDescription", "Artist"] as const) {
      const value = tags[key];
      const tool = value ? namesKnownGenerator(value) : undefined;
      if (value && tool) findings.push({ where: "exif", key, tool, preview: value.slice(0, PREVIEW) });
    }
  }
  if (checked.length === 0) {
    return {
      id: "generator-metadata",
      status: "unknown",
      explanation: `No generator metadata is read from ${format}`,
      evidence: {},
    };
  }
  if (findings.length > 0) {
    const tools = [...new Set(findings.map((finding) => finding.tool))].join(", ");
    return {
      id: "generator-metadata",
      status: "present",
      score: 0.9,
      explanation: `Metadata written by an image generator (${tools})`,
      evidence: { findings, checked },
    };
  }
  return {
    id: "generator-metadata",
    status: "absent",
    explanation: "No generator metadata found (it is easily stripped, so this does not show the image is genuine)",
    evidence: { checked },
  };
}
