/**
 * What a screen's light does to a camera frame of the person in front of it, for the test cameras
 * (the live check's illumination challenge, docs/privacy.md): the screen adds its colour to what
 * each surface reflects, in proportion to the surface's own colour (its albedo) and falling off with
 * distance from the screen. The face, near the screen, takes the full strength; the room behind the
 * head, a metre or more further, takes little (inverse square beyond the head). One function over
 * interleaved pixels, self-contained so the e2e virtual camera can run it in the page as it is
 * (its source text is injected there).
 */

export interface FaceCircle {
  /** Centre and half-width of the face in the frame's pixels. */
  cx: number;
  cy: number;
  radius: number;
}

/**
 * Lights `data` (RGB or RGBA, `channels` per pixel, in place) by a screen showing `colour` (each of
 * red, green, blue 0-1) at `strength` (the share added to a face's own colour).
 */
export function lightByScreen(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
  colour: readonly number[],
  face: FaceCircle,
  strength: number,
): void {
  const r = face.radius;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - face.cx) / r;
      const dy = (y - face.cy) / (r * 1.3);
      const d2 = dx * dx + dy * dy;
      const near = d2 <= 1 ? 1 : Math.max(0.06, 1 / (d2 * d2));
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) {
        const v = data[i + c] ?? 0;
        data[i + c] = Math.min(255, Math.round(v * (1 + strength * near * (colour[c] ?? 0))));
      }
    }
  }
}
