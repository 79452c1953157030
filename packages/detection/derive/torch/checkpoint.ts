import { type PickleHooks, PyGlobal, PyObject, unpickle } from "./pickle.js";
import { ZipArchive } from "./zip.js";

/**
 * Reads a PyTorch checkpoint (`torch.save` output) without Python: both the ZIP format
 * (torch >= 1.6: data.pkl plus one raw little-endian file per storage) and the legacy format
 * (several pickles in a row followed by the storages, each prefixed by its element count).
 * Only tensors of the common dtypes are materialised; everything else stays inert data.
 */

export type TensorData = Float32Array | Float64Array | Int32Array | BigInt64Array | Uint8Array | Int8Array | Int16Array;

export class Tensor {
  constructor(
    readonly shape: number[],
    readonly data: TensorData,
  ) {}

  get size(): number {
    return this.shape.reduce((a, b) => a * b, 1);
  }

  /** Values as float32 (converting integer or double tensors). */
  toFloat32(): Float32Array {
    if (this.data instanceof Float32Array) return this.data;
    const out = new Float32Array(this.data.length);
    for (let i = 0; i < out.length; i++) out[i] = Number(this.data[i]);
    return out;
  }
}

interface StorageType {
  bytesPerElement: number;
  make(buffer: ArrayBuffer, byteOffset: number, length: number): TensorData;
}

const STORAGE_TYPES: Record<string, StorageType> = {
  FloatStorage: { bytesPerElement: 4, make: (b, o, n) => new Float32Array(b, o, n) },
  DoubleStorage: { bytesPerElement: 8, make: (b, o, n) => new Float64Array(b, o, n) },
  IntStorage: { bytesPerElement: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  LongStorage: { bytesPerElement: 8, make: (b, o, n) => new BigInt64Array(b, o, n) },
  ShortStorage: { bytesPerElement: 2, make: (b, o, n) => new Int16Array(b, o, n) },
  CharStorage: { bytesPerElement: 1, make: (b, o, n) => new Int8Array(b, o, n) },
  ByteStorage: { bytesPerElement: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  BoolStorage: { bytesPerElement: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
};

class Storage {
  constructor(
    readonly type: StorageType,
    readonly key: string,
    public data: TensorData | undefined,
  ) {}
}

/** Copies raw little-endian bytes into an aligned typed array of the storage's type. */
function materialise(type: StorageType, raw: Uint8Array, length: number): TensorData {
  const copy = new Uint8Array(length * type.bytesPerElement);
  copy.set(raw.subarray(0, copy.length));
  return type.make(copy.buffer, 0, length);
}

function storageTypeOf(value: unknown): StorageType {
  if (!(value instanceof PyGlobal)) throw new Error("Checkpoint: storage type is not a global");
  const type = STORAGE_TYPES[value.name];
  if (!type) throw new Error(`Checkpoint: unsupported storage type ${value.qualifiedName}`);
  return type;
}

function rebuildTensor(args: unknown[]): Tensor {
  const [storage, storageOffset, size, stride] = args as [Storage, number, number[], number[]];
  if (!storage.data) throw new Error(`Checkpoint: storage ${storage.key} was never loaded`);
  const shape = [...size];
  const count = shape.reduce((a, b) => a * b, 1);
  const contiguous = shape.every((_, i) => {
    const expected = shape.slice(i + 1).reduce((a, b) => a * b, 1);
    return (shape[i] as number) <= 1 || stride[i] === expected;
  });
  const source = storage.data;
  if (contiguous) return new Tensor(shape, source.subarray(storageOffset, storageOffset + count) as TensorData);
  // Non-contiguous views are rare in state dicts; gather them into row-major order.
  const out = source.slice(0, 0) as TensorData;
  const gathered = new (out.constructor as new (n: number) => TensorData)(count);
  const index = new Array<number>(shape.length).fill(0);
  for (let flat = 0; flat < count; flat++) {
    let offset = storageOffset;
    for (let d = 0; d < shape.length; d++) offset += (index[d] as number) * (stride[d] as number);
    (gathered as unknown as number[])[flat] = (source as unknown as number[])[offset] as number;
    for (let d = shape.length - 1; d >= 0; d--) {
      index[d] = (index[d] as number) + 1;
      if ((index[d] as number) < (shape[d] as number)) break;
      index[d] = 0;
    }
  }
  return new Tensor(shape, gathered);
}

function call(callable: PyGlobal, args: unknown[]): unknown {
  switch (callable.qualifiedName) {
    case "collections.OrderedDict":
      return new Map();
    case "torch._utils._rebuild_tensor_v2":
    case "torch._utils._rebuild_tensor":
      return rebuildTensor(args);
    case "torch._utils._rebuild_parameter":
    case "torch._utils._rebuild_parameter_with_state":
      return args[0];
    default:
      return new PyObject(callable, args);
  }
}

const ZIP_MAGIC = 0x04034b50;

export function readCheckpoint(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(0, true) === ZIP_MAGIC ? readZipCheckpoint(bytes) : readLegacyCheckpoint(bytes);
}

function readZipCheckpoint(bytes: Uint8Array): unknown {
  const zip = new ZipArchive(bytes);
  const pickleName = zip.names().find((name) => name.endsWith("/data.pkl") || name === "data.pkl");
  if (!pickleName) throw new Error("Checkpoint: no data.pkl in the archive");
  const prefix = pickleName.slice(0, -"data.pkl".length);
  const hooks: PickleHooks = {
    call,
    persistentLoad(id) {
      const [kind, typeGlobal, key, , numel] = id as [string, unknown, string, string, number];
      if (kind !== "storage") throw new Error(`Checkpoint: unknown persistent id ${kind}`);
      const type = storageTypeOf(typeGlobal);
      return new Storage(type, key, materialise(type, zip.read(`${prefix}data/${key}`), numel));
    },
  };
  return unpickle(zip.read(pickleName), hooks).value;
}

/**
 * Legacy layout: magic number, protocol version and system info pickles, the object pickle, then a
 * pickle listing the storage keys in file order, then each storage as int64 count + raw data.
 */
function readLegacyCheckpoint(bytes: Uint8Array): unknown {
  const storages = new Map<string, Storage>();
  const hooks: PickleHooks = {
    call,
    persistentLoad(id) {
      const [kind, typeGlobal, key] = id as [string, unknown, string];
      if (kind !== "storage") throw new Error(`Checkpoint: unknown persistent id ${kind}`);
      let storage = storages.get(key);
      if (!storage) {
        storage = new Storage(storageTypeOf(typeGlobal), key, undefined);
        storages.set(key, storage);
      }
      return storage;
    },
  };
  // Tensors need their storage data, which comes after the object pickle: read the keys first,
  // load the storages, then replay the object pickle.
  let at = 0;
  for (let i = 0; i < 3; i++) at = unpickle(bytes, hooks, at).end;
  const objectStart = at;
  const collect: PickleHooks = { call: (g, a) => new PyObject(g, a), persistentLoad: hooks.persistentLoad };
  at = unpickle(bytes, collect, objectStart).end;
  const keys = unpickle(bytes, hooks, at);
  at = keys.end;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const key of keys.value as string[]) {
    const storage = storages.get(key);
    if (!storage) throw new Error(`Checkpoint: storage ${key} listed but never referenced`);
    const numel = Number(view.getBigInt64(at, true));
    at += 8;
    const length = numel * storage.type.bytesPerElement;
    storage.data = materialise(storage.type, bytes.subarray(at, at + length), numel);
    at += length;
  }
  return unpickle(bytes, hooks, objectStart).value;
}

/** The tensors of a state dict, by parameter name; `path` selects a nested dict (e.g. "model_state"). */
export function stateDict(checkpoint: unknown, path: string[] = []): Map<string, Tensor> {
  let node: unknown = checkpoint;
  for (const key of path) {
    if (!(node instanceof Map)) throw new Error(`Checkpoint: cannot descend into '${key}'`);
    node = node.get(key);
  }
  if (!(node instanceof Map)) throw new Error("Checkpoint: state dict is not a dict");
  const out = new Map<string, Tensor>();
  for (const [key, value] of node) if (typeof key === "string" && value instanceof Tensor) out.set(key, value);
  return out;
}
