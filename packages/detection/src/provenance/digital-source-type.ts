/**
 * IPTC digital source types (cv.iptc.org/newscodes/digitalsourcetype) that declare generated or
 * partly generated content. The same vocabulary is used by C2PA actions and IPTC/XMP metadata.
 */
export const SYNTHETIC_SOURCE_TYPES = new Set([
  "trainedAlgorithmicMedia",
  "compositeWithTrainedAlgorithmicMedia",
  "algorithmicMedia",
  "compositeSynthetic",
  "algorithmicallyEnhanced",
]);

/** Strips the vocabulary URL so both full URIs and bare codes compare equal. */
export function sourceTypeCode(value: string): string {
  const trimmed = value.trim();
  const slash = trimmed.lastIndexOf("/");
  return slash >= 0 ? trimmed.slice(slash + 1) : trimmed;
}

export function isSyntheticSourceType(value: string): boolean {
  return SYNTHETIC_SOURCE_TYPES.has(sourceTypeCode(value));
}
