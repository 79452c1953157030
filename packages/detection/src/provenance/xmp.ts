import type { Signal } from "../result.js";
import { isSyntheticSourceType, sourceTypeCode } from "./digital-source-type.js";

/**
 * IPTC DigitalSourceType in the XMP packet, which generators and editors (Firefly, Photoshop,
 * Google, Midjourney exports) write even when they sign no C2PA manifest. XMP is plain text inside
 * every container format, so the packet is found by its markers rather than per-format parsing.
 */

const START = "<x:xmpmeta";
const END = "</x:xmpmeta>";
/** XMP packets are small; a bound keeps a hostile file from making the scan quadratic. */
const MAX_PACKET = 1_000_000;

export function findXmpPacket(bytes: Uint8Array): string | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const start = buffer.indexOf(START, 0, "latin1");
  if (start < 0) return null;
  const end = buffer.indexOf(END, start, "latin1");
  if (end < 0 || end - start > MAX_PACKET) return null;
  return buffer.toString("utf8", start, end + END.length);
}

const SOURCE_TYPE_PATTERNS = [
  /DigitalSourceType\s*=\s*"([^"]+)"/gi,
  /DigitalSourceType[^>]*rdf:resource\s*=\s*"([^"]+)"/gi,
  /DigitalSourceType>\s*([^<\s][^<]*)</gi,
];

function attributeOrElement(packet: string, name: string): string | undefined {
  const attribute = new RegExp(`${name}\\s*=\\s*"([^"]*)"`, "i").exec(packet);
  if (attribute?.[1]) return attribute[1];
  const element = new RegExp(`<${name}>\\s*([^<]*)<`, "i").exec(packet);
  return element?.[1]?.trim() || undefined;
}

export function xmpSourceTypes(packet: string): string[] {
  const found = new Set<string>();
  for (const pattern of SOURCE_TYPE_PATTERNS) {
    for (const match of packet.matchAll(pattern)) if (match[1]) found.add(sourceTypeCode(match[1]));
  }
  return [...found];
}

export function xmpSignal(bytes: Uint8Array): Signal {
  const packet = findXmpPacket(bytes);
  if (!packet) {
    return {
      id: "iptc-digital-source-type",
      status: "unknown",
      explanation: "No XMP metadata: nothing is declared either way",
      evidence: { xmp: false },
    };
  }
  const sourceTypes = xmpSourceTypes(packet);
  const evidence: Record<string, unknown> = {
    xmp: true,
    digitalSourceTypes: sourceTypes,
    creatorTool: attributeOrElement(packet, "xmp:CreatorTool"),
    // A remote C2PA manifest reference (Firefly "cloud" credentials) without the manifest itself.
    provenanceReference: attributeOrElement(packet, "dcterms:provenance"),
  };
  const synthetic = sourceTypes.filter(isSyntheticSourceType);
  if (synthetic.length > 0) {
    return {
      id: "iptc-digital-source-type",
      status: "present",
      score: 0.9,
      explanation: `XMP metadata declares IPTC DigitalSourceType ${synthetic.join(", ")}`,
      evidence,
    };
  }
  if (sourceTypes.length > 0) {
    return {
      id: "iptc-digital-source-type",
      status: "absent",
      explanation: `XMP metadata declares DigitalSourceType ${sourceTypes.join(", ")}, which is not generated content`,
      evidence,
    };
  }
  return {
    id: "iptc-digital-source-type",
    status: "unknown",
    explanation: "XMP metadata is present but declares no DigitalSourceType",
    evidence,
  };
}
