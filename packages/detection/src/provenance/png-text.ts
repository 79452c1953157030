import { inflateSync } from "node:zlib";

/**
 * Text chunks (tEXt, zTXt, iTXt) of a PNG, where ComfyUI stores its prompt and workflow graph and
 * AUTOMATIC1111 its "parameters". Compressed chunks inflate with an output bound so a zlib bomb
 * in a text chunk cannot exhaust memory.
 */

const MAX_TEXT = 4 * 1024 * 1024;
const SIGNATURE_LENGTH = 8;

function inflateBounded(data: Uint8Array): string | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_TEXT }).toString("utf8");
  } catch {
    return null;
  }
}

function decodeChunk(type: string, data: Uint8Array): [string, string] | null {
  const nul = data.indexOf(0);
  if (nul <= 0) return null;
  const keyword = Buffer.from(data.subarray(0, nul)).toString("latin1");
  if (type === "tEXt") return [keyword, Buffer.from(data.subarray(nul + 1)).toString("latin1")];
  if (type === "zTXt") {
    const text = inflateBounded(data.subarray(nul + 2));
    return text === null ? null : [keyword, text];
  }
  // iTXt: keyword, compression flag, method, language tag\0, translated keyword\0, text.
  const compressed = data[nul + 1] === 1;
  const languageEnd = data.indexOf(0, nul + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = data.subarray(translatedEnd + 1);
  const text = compressed ? inflateBounded(body) : Buffer.from(body).toString("utf8");
  return text === null ? null : [keyword, text];
}

export function pngTextChunks(bytes: Uint8Array): Map<string, string> {
  const chunks = new Map<string, string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = SIGNATURE_LENGTH;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const dataStart = offset + 8;
    if (dataStart + length > bytes.length) break;
    if (type === "tEXt" || type === "zTXt" || type === "iTXt") {
      const entry = decodeChunk(type, bytes.subarray(dataStart, dataStart + length));
      if (entry) chunks.set(entry[0], entry[1]);
    }
    if (type === "IEND") break;
    offset = dataStart + length + 4;
  }
  return chunks;
}
