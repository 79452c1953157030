import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { float16ToFloat32, parseCt2Model, readCt2Model } from "../../../packages/detection/derive/ct2-model.js";

/** A model.bin as CTranslate2's model_spec.py writes it (binary version 6). */
function ct2File(version = 6): Uint8Array {
  const parts: number[] = [];
  const u8 = (v: number) => parts.push(v & 0xff);
  const u16 = (v: number) => {
    u8(v);
    u8(v >> 8);
  };
  const u32 = (v: number) => {
    for (let i = 0; i < 4; i++) u8(v >>> (8 * i));
  };
  const text = (s: string) => {
    const bytes = new TextEncoder().encode(s);
    u16(bytes.length + 1);
    for (const b of bytes) u8(b);
    u8(0);
  };
  const bytesOf = (array: ArrayBufferView) => {
    for (const b of new Uint8Array(array.buffer, array.byteOffset, array.byteLength)) u8(b);
  };
  u32(version);
  text("WhisperSpec");
  u32(3);
  u32(3);
  // decoder/w: fp16 [2, 2] = 1, -2, 0.5, 65504
  text("decoder/w");
  u8(2);
  u32(2);
  u32(2);
  u8(4);
  u32(8);
  bytesOf(Uint16Array.from([0x3c00, 0xc000, 0x3800, 0x7bff]));
  // encoder/b: fp32 [3]
  text("encoder/b");
  u8(1);
  u32(3);
  u8(0);
  u32(12);
  bytesOf(Float32Array.from([0.25, -1.5, 3]));
  // encoder/num_heads: int16 scalar
  text("encoder/num_heads");
  u8(0);
  u8(2);
  u32(2);
  bytesOf(Int16Array.from([8]));
  u32(1);
  text("decoder/alias");
  text("decoder/w");
  return Uint8Array.from(parts);
}

describe("CTranslate2 model reader", () => {
  it("reads the header, every variable's shape, type and values, and the aliases", async () => {
    const model = await parseCt2Model(ct2File());
    expect(model.spec).toBe("WhisperSpec");
    expect(model.revision).toBe(3);
    expect(model.variables.get("decoder/w")).toEqual({
      shape: [2, 2],
      dtype: "float16",
      data: Float32Array.from([1, -2, 0.5, 65504]),
    });
    expect(Array.from(model.variables.get("encoder/b")?.data ?? [])).toEqual([0.25, -1.5, 3]);
    expect(model.variables.get("encoder/num_heads")).toEqual({
      shape: [],
      dtype: "int16",
      data: Float32Array.from([8]),
    });
    expect(model.aliases.get("decoder/alias")).toBe("decoder/w");
  });

  it("skips variables it is not asked for, from a file read piecewise", async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "ct2-")), "model.bin");
    await writeFile(file, ct2File());
    const model = await readCt2Model(file, (name) => name.startsWith("encoder/"));
    expect([...model.variables.keys()]).toEqual(["encoder/b", "encoder/num_heads"]);
    expect(model.aliases.size).toBe(1);
  });

  it("rejects other binary versions and truncated files", async () => {
    await expect(parseCt2Model(ct2File(5))).rejects.toThrow(/version 5/);
    await expect(parseCt2Model(ct2File().subarray(0, 60))).rejects.toThrow(/truncated/);
  });

  it("widens half precision exactly, subnormals and infinities included", () => {
    expect(Array.from(float16ToFloat32(Uint16Array.from([0x0001, 0x8400, 0x7c00, 0x3555])))).toEqual([
      2 ** -24,
      -(2 ** -14),
      Number.POSITIVE_INFINITY,
      Math.fround(0.333251953125),
    ]);
  });
});
