import { open } from "node:fs/promises";

/**
 * Reader for CTranslate2's model.bin (binary version 6, as `ct2-transformers-converter` writes it
 * through python/ctranslate2/specs/model_spec.py): a little-endian header (uint32 version,
 * length-prefixed spec name, uint32 revision), then each variable as name, uint8 rank, uint32 dims,
 * uint8 dtype, uint32 byte count and the raw values, then the aliases (name → variable name).
 * Strings are a uint16 length counting a trailing NUL. Only the variables a caller asks for are
 * read and widened to float32, so the Whisper encoder loads without the decoder's 90 MB.
 */

export const CT2_BINARY_VERSION = 6;

/** CTranslate2's DataType enum as serialised. */
const DTYPES = ["float32", "int8", "int16", "int32", "float16", "bfloat16"] as const;
export type Ct2Dtype = (typeof DTYPES)[number];

export interface Ct2Variable {
  shape: number[];
  dtype: Ct2Dtype;
  /** Floating-point variables widened to float32; integer ones converted value by value. */
  data: Float32Array;
}

export interface Ct2Model {
  spec: string;
  revision: number;
  variables: Map<string, Ct2Variable>;
  aliases: Map<string, string>;
}

/** Reads `length` bytes at `offset`; the model file or an in-memory buffer. */
type ByteSource = (offset: number, length: number) => Promise<Uint8Array>;

export function float16ToFloat32(bits: Uint16Array): Float32Array {
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) {
    const h = bits[i] as number;
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    if (exponent === 0) out[i] = sign * fraction * 2 ** -24;
    else if (exponent === 31) out[i] = fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
    else out[i] = sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
  }
  return out;
}

function decodeValues(bytes: Uint8Array, dtype: Ct2Dtype): Float32Array {
  const copy = bytes.slice();
  const { buffer } = copy;
  switch (dtype) {
    case "float32":
      return new Float32Array(buffer);
    case "float16":
      return float16ToFloat32(new Uint16Array(buffer));
    case "bfloat16": {
      const halves = new Uint16Array(buffer);
      const widened = new Uint32Array(halves.length);
      for (let i = 0; i < halves.length; i++) widened[i] = (halves[i] as number) << 16;
      return new Float32Array(widened.buffer);
    }
    case "int8":
      return Float32Array.from(new Int8Array(buffer));
    case "int16":
      return Float32Array.from(new Int16Array(buffer));
    case "int32":
      return Float32Array.from(new Int32Array(buffer));
  }
}

async function readModel(source: ByteSource, include: (name: string) => boolean): Promise<Ct2Model> {
  let at = 0;
  const take = async (length: number) => {
    const bytes = await source(at, length);
    if (bytes.length !== length) throw new Error(`CTranslate2 model truncated at byte ${at}`);
    at += length;
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const u8 = async () => (await take(1)).getUint8(0);
  const u32 = async () => (await take(4)).getUint32(0, true);
  const text = async () => {
    const length = (await take(2)).getUint16(0, true);
    const view = await take(length);
    return new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset, Math.max(0, length - 1)));
  };
  const version = await u32();
  if (version !== CT2_BINARY_VERSION)
    throw new Error(`CTranslate2 binary version ${version} is not supported (expected ${CT2_BINARY_VERSION})`);
  const spec = await text();
  const revision = await u32();
  const count = await u32();
  const variables = new Map<string, Ct2Variable>();
  for (let v = 0; v < count; v++) {
    const name = await text();
    const rank = await u8();
    const shape: number[] = [];
    for (let r = 0; r < rank; r++) shape.push(await u32());
    const dtype = DTYPES[await u8()];
    if (!dtype) throw new Error(`CTranslate2 variable ${name} has an unknown data type`);
    const byteCount = await u32();
    if (!include(name)) {
      at += byteCount;
      continue;
    }
    const view = await take(byteCount);
    const data = decodeValues(new Uint8Array(view.buffer, view.byteOffset, byteCount), dtype);
    const expected = shape.reduce((a, b) => a * b, 1);
    if (data.length !== expected) throw new Error(`CTranslate2 variable ${name}: ${data.length} values for [${shape}]`);
    variables.set(name, { shape, dtype, data });
  }
  const aliases = new Map<string, string>();
  const aliasCount = await u32();
  for (let a = 0; a < aliasCount; a++) aliases.set(await text(), await text());
  return { spec, revision, variables, aliases };
}

export function parseCt2Model(bytes: Uint8Array, include: (name: string) => boolean = () => true): Promise<Ct2Model> {
  return readModel(async (offset, length) => bytes.subarray(offset, offset + length), include);
}

/** Reads a model file piecewise: skipped variables are never read from disk. */
export async function readCt2Model(file: string, include: (name: string) => boolean = () => true): Promise<Ct2Model> {
  const handle = await open(file, "r");
  try {
    return await readModel(async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    }, include);
  } finally {
    await handle.close();
  }
}
