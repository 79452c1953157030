/**
 * 64-bit DCT perceptual hash (pHash): survives re-encoding, resizing and mild edits, so a
 * re-uploaded copy of the same deepfake is recognised as the same threat.
 */
const SIZE = 32;
const LOW = 8;

const COS = (() => {
  const table = new Float64Array(SIZE * SIZE);
  for (let u = 0; u < SIZE; u++)
    for (let x = 0; x < SIZE; x++) table[u * SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE));
  return table;
})();

/** Area-average downscale of an RGB(A) or grey image to 32x32 luminance. */
function luminance32(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
): Float64Array {
  const out = new Float64Array(SIZE * SIZE);
  const counts = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < height; y++) {
    const ty = Math.min(SIZE - 1, Math.floor((y * SIZE) / height));
    for (let x = 0; x < width; x++) {
      const tx = Math.min(SIZE - 1, Math.floor((x * SIZE) / width));
      const i = (y * width + x) * channels;
      const lum =
        channels >= 3
          ? 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0)
          : (pixels[i] ?? 0);
      out[ty * SIZE + tx] = (out[ty * SIZE + tx] ?? 0) + lum;
      counts[ty * SIZE + tx] = (counts[ty * SIZE + tx] ?? 0) + 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / Math.max(1, counts[i] ?? 1);
  return out;
}

export function perceptualHash(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
): string {
  const img = luminance32(pixels, width, height, channels);
  const coeffs: number[] = [];
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) {
        const cu = COS[u * SIZE + y] ?? 0;
        for (let x = 0; x < SIZE; x++) sum += (img[y * SIZE + x] ?? 0) * cu * (COS[v * SIZE + x] ?? 0);
      }
      coeffs.push(sum);
    }
  }
  // The DC term only says how bright the picture is; leave it out of the median.
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[Math.floor((coeffs.length - 1) / 2)] ?? 0;
  let hex = "";
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | ((coeffs[i + b] ?? 0) > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}
