import sharp from "sharp";

const WIDTH = 320;

/** The person's own enrolled photo, small enough to sit beside the match; theirs, so not blurred. */
export async function smallPhoto(bytes: Uint8Array): Promise<Uint8Array> {
  const jpeg = await sharp(bytes, { failOn: "none", limitInputPixels: 50_000_000 })
    .rotate()
    // A transparent background would turn black in the JPEG.
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .resize({ width: WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
  return new Uint8Array(jpeg);
}
