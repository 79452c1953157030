/**
 * An exact scan of a face gallery outside Postgres, to compare with pgvector's HNSW walk (issue 41):
 * every gallery vector quantised to int8 once, every probe compared with every vector by a WebAssembly
 * SIMD kernel (relaxed_dot_i8x16_i7x16 within its fully specified range: integer arithmetic, so the same
 * scores on every CPU), the best
 * `keep` of each probe re-ranked by exact float distance. Not product code: the benchmark that says
 * what a brute-force engine would cost on this machine.
 */
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

export class Int8ScanGallery {
  private constructor(
    private readonly memory: WasmMemory,
    private readonly scan: Scan,
    private readonly vectors: Float32Array,
    readonly dims: number,
    readonly rows: number,
    readonly scale: number,
    private readonly layout: { sums: number; probes: number; floor: number; out: number },
  ) {}

  /** Quantises `vectors` (rows of unit vectors, `dims` each) with one scale: the largest |component| becomes 127. */
  static async build(vectors: Float32Array, dims: number): Promise<Int8ScanGallery> {
    if (dims % 16 !== 0) throw new Error("dims must be a multiple of 16");
    const rows = vectors.length / dims;
    const module = (await wabt()).parseWat("int8-scan.wat", kernelText(dims), { simd: true, relaxed_simd: true });
    const { buffer } = module.toBinary({});
    module.destroy();
    const { instance } = await wasm.instantiate(buffer);
    const memory = instance.exports.memory as WasmMemory;
    const galleryBytes = rows * dims;
    const sumsAt = align(galleryBytes);
    const probesAt = align(sumsAt + rows * 4);
    const floorAt = probesAt + MAX_BATCH * dims;
    const outAt = align(floorAt + MAX_BATCH * 4);
    const end = outAt + BLOCK * MAX_BATCH * 12;
    memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65_536));
    let largest = 0;
    for (const x of vectors) largest = Math.max(largest, Math.abs(x));
    const scale = 127 / largest;
    const q = new Int8Array(memory.buffer, 0, galleryBytes);
    const sums = new Int32Array(memory.buffer, sumsAt, rows);
    for (let r = 0; r < rows; r++) {
      let sum = 0;
      for (let i = r * dims; i < (r + 1) * dims; i++) {
        q[i] = Math.round((vectors[i] as number) * scale);
        sum += q[i] as number;
      }
      sums[r] = sum;
    }
    return new Int8ScanGallery(memory, instance.exports.scan as Scan, vectors, dims, rows, scale, {
      sums: sumsAt,
      probes: probesAt,
      floor: floorAt,
      out: outAt,
    });
  }

  /** The k nearest rows of each probe by cosine distance: `keep` best int8 scores, re-ranked exactly. */
  nearest(probes: Float32Array[], k: number, keep = 40): { n: number; d: number }[][] {
    if (probes.length > MAX_BATCH) throw new Error(`at most ${MAX_BATCH} probes a call`);
    const { dims } = this;
    const np = probes.length;
    // Probes at half the rows' scale (so within [-63, 63]), offset into [1, 127] for the kernel.
    const probeBytes = new Uint8Array(this.memory.buffer, this.layout.probes, np * dims);
    probes.forEach((probe, p) => {
      for (let i = 0; i < dims; i++) {
        const x = Math.round((probe[i] as number) * (this.scale / 2));
        probeBytes[p * dims + i] = Math.max(-63, Math.min(63, x)) + 64;
      }
    });
    const floor = new Int32Array(this.memory.buffer, this.layout.floor, np).fill(-0x80000000);
    const out = new Int32Array(this.memory.buffer, this.layout.out, BLOCK * np * 3);
    const kept: { n: number; s: number }[][] = probes.map(() => []);
    for (let from = 0; from < this.rows; from += BLOCK) {
      const to = Math.min(this.rows, from + BLOCK);
      const { probes: at, sums, floor: floorAt, out: outAt } = this.layout;
      const found = this.scan(at, np, 0, sums, from, to, floorAt, outAt);
      for (let f = 0; f < found; f++) {
        const p = out[3 * f] as number;
        const list = kept[p] as { n: number; s: number }[];
        list.push({ n: out[3 * f + 1] as number, s: out[3 * f + 2] as number });
        if (list.length >= 4 * keep) {
          list.sort((a, b) => b.s - a.s).length = keep;
          floor[p] = (list[keep - 1] as { s: number }).s;
        }
      }
    }
    return kept.map((list, p) => {
      const probe = probes[p] as Float32Array;
      return list
        .sort((a, b) => b.s - a.s)
        .slice(0, keep)
        .map(({ n }) => ({ n, d: 1 - this.dot(n, probe) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, k);
    });
  }

  private dot(n: number, probe: Float32Array): number {
    let sum = 0;
    const off = n * this.dims;
    for (let i = 0; i < this.dims; i++) sum += (this.vectors[off + i] as number) * (probe[i] as number);
    return sum;
  }
}

const align = (x: number) => Math.ceil(x / 64) * 64;
