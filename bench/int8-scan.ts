/**
 * An exact scan of a face gallery outside Postgres, to compare with pgvector's HNSW walk (issue 41):
 * every gallery vector quantised to int8 once, every probe compared with every vector by a WebAssembly
 * SIMD kernel (relaxed_dot_i8x16_i7x16 within its fully specified range: integer arithmetic, so the same
 * scores on every CPU), the best
 * `keep` of each probe re-ranked by exact float distance. Not product code: the benchmark that says
 * what a brute-force engine would cost on this machine.
 */
import { Worker } from "node:worker_threads";
import wabt from "wabt";

/**
 * The kernel: scores of probes against gallery rows [from, to), kept when above each probe's floor.
 * Rows are int8 in [-127, 127] (`dims` each); probes are int8 in [-63, 63] stored offset by 64, so
 * every probe byte lies in [1, 127]. relaxed_dot_i8x16_i7x16 gives the same result on every CPU only
 * when the second operand's sign bit is clear (signed and unsigned readings agree) and no pair of
 * products leaves 16 bits (platforms saturate or wrap there): here 2 x 127 x 127 = 32,258 at most.
 * The offset adds 64 x the row's sum to every score, taken off again.
 */
function kernelText(dims: number): string {
  const chunks = dims / 16;
  const g = Array.from({ length: chunks }, (_, i) => `(local $g${i} v128)`).join(" ");
  const load = Array.from(
    { length: chunks },
    (_, k) => `
        (local.set $g${k} (v128.load offset=${16 * k} (local.get $vp)))`,
  ).join("");
  // Two accumulators, so consecutive multiply-adds do not wait on each other.
  const dot = Array.from({ length: chunks }, (_, j) => {
    const acc = j % 2 === 0 ? "$a" : "$b";
    const start = j < 2 ? "(v128.const i32x4 0 0 0 0)" : `(local.get ${acc})`;
    return `(local.set ${acc} (i32x4.relaxed_dot_i8x16_i7x16_add_s (local.get $g${j}) (v128.load offset=${16 * j} (local.get $pp)) ${start}))`;
  }).join("\n            ");
  return `(module
  (memory (export "memory") 1 65536)
  (func (export "scan") (param $probes i32) (param $np i32) (param $gal i32) (param $sums i32) (param $from i32)
      (param $to i32) (param $floor i32) (param $out i32) (result i32)
    (local $v i32) (local $vp i32) (local $p i32) (local $pp i32) (local $fp i32) (local $n i32) (local $s i32)
    (local $offset i32) (local $a v128) (local $b v128) ${g}
    (local.set $v (local.get $from))
    (local.set $vp (i32.add (local.get $gal) (i32.mul (local.get $from) (i32.const ${dims}))))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $v) (local.get $to)))
        ${load}
        (local.set $offset (i32.shl (i32.load (i32.add (local.get $sums) (i32.shl (local.get $v) (i32.const 2))))
          (i32.const 6)))
        (local.set $p (i32.const 0))
        (local.set $pp (local.get $probes))
        (local.set $fp (local.get $floor))
        (block $probesDone
          (loop $eachProbe
            (br_if $probesDone (i32.ge_u (local.get $p) (local.get $np)))
            ${dot}
            (local.set $a (i32x4.add (local.get $a) (local.get $b)))
            (local.set $a (i32x4.add (local.get $a)
              (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $a) (local.get $a))))
            (local.set $s (i32.sub
              (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
              (local.get $offset)))
            (if (i32.gt_s (local.get $s) (i32.load (local.get $fp)))
              (then
                (i32.store offset=0 (local.get $out) (local.get $p))
                (i32.store offset=4 (local.get $out) (local.get $v))
                (i32.store offset=8 (local.get $out) (local.get $s))
                (local.set $out (i32.add (local.get $out) (i32.const 12)))
                (local.set $n (i32.add (local.get $n) (i32.const 1)))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (local.set $pp (i32.add (local.get $pp) (i32.const ${dims})))
            (local.set $fp (i32.add (local.get $fp) (i32.const 4)))
            (br $eachProbe)))
        (local.set $v (i32.add (local.get $v) (i32.const 1)))
        (local.set $vp (i32.add (local.get $vp) (i32.const ${dims})))
        (br $rows)))
    (local.get $n)))`;
}

// The project's lib has no DOM, where TypeScript declares WebAssembly: the little this file uses of it.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }> };
};

type Scan = (
  probes: number,
  np: number,
  gal: number,
  sums: number,
  from: number,
  to: number,
  floor: number,
  out: number,
) => number;

/** Rows scanned between two updates of the probes' floors (the out buffer holds a block's worst case). */
const BLOCK = 8192;
const MAX_BATCH = 64;

type Kept = { n: number; s: number }[];

/** Quantises unit vectors with one scale (the largest |component| becomes 127), into memory workers can share. */
export function quantiseRows(
  vectors: Float32Array,
  dims: number,
): { rows: Int8Array; sums: Int32Array; scale: number } {
  if (dims % 16 !== 0) throw new Error("dims must be a multiple of 16");
  const count = vectors.length / dims;
  let largest = 0;
  for (const x of vectors) largest = Math.max(largest, Math.abs(x));
  const scale = 127 / largest;
  const rows = new Int8Array(new SharedArrayBuffer(count * dims));
  const sums = new Int32Array(new SharedArrayBuffer(count * 4));
  for (let r = 0; r < count; r++) {
    let sum = 0;
    for (let i = r * dims; i < (r + 1) * dims; i++) {
      rows[i] = Math.round((vectors[i] as number) * scale);
      sum += rows[i] as number;
    }
    sums[r] = sum;
  }
  return { rows, sums, scale };
}

/** Probes at half the rows' scale (so within [-63, 63]), offset into [1, 127] for the kernel. */
export function quantiseProbes(probes: Float32Array[], dims: number, scale: number): Uint8Array {
  const bytes = new Uint8Array(probes.length * dims);
  probes.forEach((probe, p) => {
    for (let i = 0; i < dims; i++) {
      const x = Math.round((probe[i] as number) * (scale / 2));
      bytes[p * dims + i] = Math.max(-63, Math.min(63, x)) + 64;
    }
  });
  return bytes;
}

/** One WebAssembly instance scanning its own copy of a slice of the quantised rows, numbered from `first`. */
export class Int8ScanKernel {
  private constructor(
    private readonly memory: WasmMemory,
    private readonly scan: Scan,
    private readonly dims: number,
    private readonly count: number,
    private readonly first: number,
    private readonly layout: { sums: number; probes: number; floor: number; out: number },
  ) {}

  static async load(rows: Int8Array, sums: Int32Array, dims: number, first: number): Promise<Int8ScanKernel> {
    const module = (await wabt()).parseWat("int8-scan.wat", kernelText(dims), { simd: true, relaxed_simd: true });
    const { buffer } = module.toBinary({});
    module.destroy();
    const { instance } = await wasm.instantiate(buffer);
    const memory = instance.exports.memory as WasmMemory;
    const sumsAt = align(rows.length);
    const probesAt = align(sumsAt + sums.length * 4);
    const floorAt = probesAt + MAX_BATCH * dims;
    const outAt = align(floorAt + MAX_BATCH * 4);
    const end = outAt + BLOCK * MAX_BATCH * 12;
    memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65_536));
    new Int8Array(memory.buffer, 0, rows.length).set(rows);
    new Int32Array(memory.buffer, sumsAt, sums.length).set(sums);
    return new Int8ScanKernel(memory, instance.exports.scan as Scan, dims, sums.length, first, {
      sums: sumsAt,
      probes: probesAt,
      floor: floorAt,
      out: outAt,
    });
  }

  /** The `keep` best int8 scores of each probe (`probeBytes` as quantiseProbes makes them), best first. */
  best(probeBytes: Uint8Array, keep: number): Kept[] {
    const np = probeBytes.length / this.dims;
    if (np > MAX_BATCH) throw new Error(`at most ${MAX_BATCH} probes a call`);
    const { probes: at, sums, floor: floorAt, out: outAt } = this.layout;
    new Uint8Array(this.memory.buffer, at, probeBytes.length).set(probeBytes);
    const floor = new Int32Array(this.memory.buffer, floorAt, np).fill(-0x80000000);
    const out = new Int32Array(this.memory.buffer, outAt, BLOCK * np * 3);
    const kept: Kept[] = Array.from({ length: np }, () => []);
    for (let from = 0; from < this.count; from += BLOCK) {
      const found = this.scan(at, np, 0, sums, from, Math.min(this.count, from + BLOCK), floorAt, outAt);
      for (let f = 0; f < found; f++) {
        const p = out[3 * f] as number;
        const list = kept[p] as Kept;
        list.push({ n: (out[3 * f + 1] as number) + this.first, s: out[3 * f + 2] as number });
        if (list.length >= 4 * keep) {
          list.sort((a, b) => b.s - a.s).length = keep;
          floor[p] = (list[keep - 1] as { s: number }).s;
        }
      }
    }
    return kept.map((list) => list.sort((a, b) => b.s - a.s).slice(0, keep));
  }
}

/** The gallery scanned by `threads` kernels, each over its share of the rows (worker threads beyond one). */
export class Int8ScanGallery {
  private constructor(
    private readonly vectors: Float32Array,
    readonly dims: number,
    private readonly scale: number,
    private readonly parts: { best(probeBytes: Uint8Array, keep: number): Promise<Kept[]>; close(): Promise<void> }[],
  ) {}

  static async build(vectors: Float32Array, dims: number, threads = 1): Promise<Int8ScanGallery> {
    const { rows, sums, scale } = quantiseRows(vectors, dims);
    const count = sums.length;
    const share = Math.ceil(count / threads);
    const parts = await Promise.all(
      Array.from({ length: threads }, async (_, t) => {
        const [first, last] = [t * share, Math.min(count, (t + 1) * share)];
        const slice = { rows: rows.subarray(first * dims, last * dims), sums: sums.subarray(first, last) };
        if (threads === 1) {
          const kernel = await Int8ScanKernel.load(slice.rows, slice.sums, dims, first);
          return { best: async (p: Uint8Array, keep: number) => kernel.best(p, keep), close: async () => {} };
        }
        return ScanWorker.start({ ...slice, dims, first });
      }),
    );
    return new Int8ScanGallery(vectors, dims, scale, parts);
  }

  /** The k nearest rows of each probe by cosine distance: `keep` best int8 scores, re-ranked exactly. */
  async nearest(probes: Float32Array[], k: number, keep = 40): Promise<{ n: number; d: number }[][]> {
    const bytes = quantiseProbes(probes, this.dims, this.scale);
    const answers = await Promise.all(this.parts.map((part) => part.best(bytes, keep)));
    return probes.map((probe, p) =>
      answers
        .flatMap((answer) => answer[p] as Kept)
        .sort((a, b) => b.s - a.s)
        .slice(0, keep)
        .map(({ n }) => ({ n, d: 1 - this.dot(n, probe) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, k),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.parts.map((part) => part.close()));
  }

  private dot(n: number, probe: Float32Array): number {
    let sum = 0;
    const off = n * this.dims;
    for (let i = 0; i < this.dims; i++) sum += (this.vectors[off + i] as number) * (probe[i] as number);
    return sum;
  }
}

/** A kernel in a worker thread: one question at a time, as the gallery asks them. */
class ScanWorker {
  private pending: ((kept: Kept[]) => void) | undefined;
  private constructor(private readonly worker: Worker) {
    worker.on("message", (kept: Kept[]) => this.pending?.(kept));
  }

  static async start(init: { rows: Int8Array; sums: Int32Array; dims: number; first: number }): Promise<ScanWorker> {
    // The worker is TypeScript: tsx compiles it there too, under the tsx CLI and under vitest alike.
    const worker = new Worker(new URL("./int8-scan-worker.ts", import.meta.url), {
      workerData: init,
      execArgv: ["--import", "tsx"],
    });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    return new ScanWorker(worker);
  }

  best(probeBytes: Uint8Array, keep: number): Promise<Kept[]> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.worker.postMessage({ probeBytes, keep });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

const align = (x: number) => Math.ceil(x / 64) * 64;
