import { describe, expect, it } from "vitest";
import { encodeWav } from "./wav-encoder";

describe("WAV encoder", () => {
  it("writes a 16-bit mono PCM RIFF file with clipped samples", async () => {
    const blob = encodeWav([new Float32Array([0, 1, -1]), new Float32Array([2])], 16000);
    const view = new DataView(await blob.arrayBuffer());
    const text = (o: number) => String.fromCharCode(...new Uint8Array(view.buffer, o, 4));
    expect(blob.type).toBe("audio/wav");
    expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([2, 3, 4, 5].map((i) => view.getInt16(44 + (i - 2) * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });
});
