/**
 * The few EXIF IFD0 text tags that name the software or device that made an image, read from the
 * TIFF structure inside JPEG APP1, PNG eXIf or WebP EXIF. Only ASCII tags of IFD0 are read.
 */

const TAGS: Record<number, string> = {
  270: "ImageDescription",
  271: "Make",
  272: "Model",
  305: "Software",
  315: "Artist",
};
const ASCII = 2;

export function readTiffTextTags(tiff: Uint8Array): Record<string, string> {
  const found: Record<string, string> = {};
  if (tiff.length < 8) return found;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (o: number) => view.getUint16(o, little);
  const u32 = (o: number) => view.getUint32(o, little);
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return found;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    const name = TAGS[u16(entry)];
    if (!name || u16(entry + 2) !== ASCII) continue;
    const length = u32(entry + 4);
    const start = length <= 4 ? entry + 8 : u32(entry + 8);
    if (start + length > tiff.length) continue;
    const text = Buffer.from(tiff.subarray(start, start + length))
      .toString("latin1")
      .replace(/\0+$/, "")
      .trim();
    if (text) found[name] = text;
  }
  return found;
}

function jpegExif(bytes: Uint8Array): Uint8Array | null {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] as number;
    if (marker === 0xda || marker === 0xd9) break;
    const length = ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number);
    const body = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xe1 && Buffer.from(body.subarray(0, 6)).toString("latin1") === "Exif\0\0") return body.subarray(6);
    offset += 2 + length;
  }
  return null;
}

function chunkedExif(bytes: Uint8Array, format: "png" | "webp"): Uint8Array | null {
  // PNG: length(4, BE) type(4) data crc(4); WebP RIFF: type(4) length(4, LE) data, padded to even.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = format === "png" ? 8 : 12;
  while (offset + 8 <= bytes.length) {
    const type = String.fromCharCode(
      ...bytes.subarray(format === "png" ? offset + 4 : offset, format === "png" ? offset + 8 : offset + 4),
    );
    const length = format === "png" ? view.getUint32(offset) : view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + length > bytes.length) return null;
    if ((format === "png" && type === "eXIf") || (format === "webp" && type === "EXIF")) {
      const body = bytes.subarray(start, start + length);
      const exifHeader = Buffer.from(body.subarray(0, 6)).toString("latin1") === "Exif\0\0";
      return exifHeader ? body.subarray(6) : body;
    }
    offset = format === "png" ? start + length + 4 : start + length + (length % 2);
  }
  return null;
}

export function exifTextTags(bytes: Uint8Array, format: string): Record<string, string> {
  let tiff: Uint8Array | null = null;
  if (format === "jpeg") tiff = jpegExif(bytes);
  else if (format === "png" || format === "webp") tiff = chunkedExif(bytes, format);
  return tiff ? readTiffTextTags(tiff) : {};
}
