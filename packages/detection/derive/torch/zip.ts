import { inflateRawSync } from "node:zlib";

/**
 * Reads members of a ZIP archive held in memory (PyTorch checkpoints and Python wheels are both
 * ZIPs). Entries are located through the central directory because torch writes local headers
 * with zero sizes and a trailing data descriptor.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;

export class ZipArchive {
  readonly entries: Map<string, ZipEntry>;

  constructor(private readonly bytes: Uint8Array) {
    this.entries = readCentralDirectory(bytes);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The member's uncompressed bytes (a view into the archive when it is stored uncompressed). */
  read(name: string): Uint8Array {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`ZIP member not found: ${name}`);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localHeaderOffset;
    if (view.getUint32(at, true) !== LOCAL_FILE_HEADER) throw new Error(`Bad local header for ${name}`);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const start = at + 30 + nameLength + extraLength;
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) return data;
    if (entry.method === 8) return new Uint8Array(inflateRawSync(data));
    throw new Error(`Unsupported ZIP compression method ${entry.method} for ${name}`);
  }
}

function readCentralDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("Not a ZIP archive (no end of central directory)");
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const locator = eocd - 20;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_END_LOCATOR) {
    const record = Number(view.getBigUint64(locator + 8, true));
    if (view.getUint32(record, true) === ZIP64_END_RECORD) {
      count = Number(view.getBigUint64(record + 32, true));
      offset = Number(view.getBigUint64(record + 48, true));
    }
  }
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) throw new Error("Corrupt ZIP central directory");
    const method = view.getUint16(offset + 10, true);
    let compressedSize = view.getUint32(offset + 20, true);
    let size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let localHeaderOffset = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    // ZIP64 extra field carries the real values of whichever fields are saturated.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const length = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let p = extra + 4;
        if (size === 0xffffffff) {
          size = Number(view.getBigUint64(p, true));
          p += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(view.getBigUint64(p, true));
          p += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(view.getBigUint64(p, true));
      }
      extra += 4 + length;
    }
    entries.set(name, { name, method, compressedSize, size, localHeaderOffset });
    offset = extraEnd + commentLength;
  }
  return entries;
}
