/** Hamming distance at or under which two 64-bit perceptual hashes are the same picture. */
export const NEAR_DUPLICATE_MAX_BITS = 6;

/** Bit widths of the bands a 64-bit hash is cut into: one more band than the bits allowed to differ. */
const BAND_WIDTHS = [10, 9, 9, 9, 9, 9, 9] as const;

/**
 * The keys a scan looks a picture's near-duplicates up by: its perceptual hash cut into 7 bands,
 * each named by position and value. Two hashes at most 6 bits apart differ in at most 6 bands, so
 * they share at least one key (pigeonhole): every near-duplicate is found under one of the 7 keys,
 * and the Hamming distance then decides. Undefined for a hash that is not 16 hex digits (no
 * near-duplicate rule applies to it).
 */
export function perceptualHashBands(hex: string): string[] | undefined {
  if (!/^[0-9a-f]{16}$/i.test(hex)) return undefined;
  let rest = BigInt(`0x${hex}`);
  const bands: string[] = [];
  for (let i = BAND_WIDTHS.length - 1; i >= 0; i--) {
    const width = BigInt(BAND_WIDTHS[i] ?? 0);
    bands.unshift(`${i}.${(rest & ((1n << width) - 1n)).toString(16)}`);
    rest >>= width;
  }
  return bands;
}
