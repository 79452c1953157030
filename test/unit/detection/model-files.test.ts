import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modelFileSourceFromEnv } from "../../../lambdas/src/shared/aws/model-files.js";
import { ModelFileHashMismatch, s3ModelSource } from "../../../lambdas/src/shared/aws/s3-model-files.js";
import { AASIST_CONFIGS } from "../../../packages/detection/src/antispoof/aasist-config.js";
import { NSFW_MODEL_FILE } from "../../../packages/detection/src/explicit/nsfw-model.js";
import { SFACE_FILE, YUNET_FILE } from "../../../packages/detection/src/face/face-pipeline.js";
import { MESONET_FILES } from "../../../packages/detection/src/faceswap/mesonet-model.js";
import { SBI_NET_MODEL_FILE, sbiNetFile } from "../../../packages/detection/src/faceswap/sbi-net-model.js";
import { directoryModelSource, ModelFileMissing } from "../../../packages/detection/src/models/model-files.js";
import {
  ANALYSIS_MODEL_FILES,
  ENROLMENT_MODEL_FILES,
  FACE_MODEL_FILES,
  SPEAKER_MODEL_FILES,
} from "../../../packages/detection/src/models/model-sets.js";
import {
  WHISPER_DECODER_CROSS_FILE,
  WHISPER_DECODER_STEP_FILE,
  WHISPER_VOCABULARY_FILE,
} from "../../../packages/detection/src/speech/recogniser.js";
import { clipEncoderFile } from "../../../packages/detection/src/synthetic-image/clip-block-outputs.js";
import { deepestClipBlockRead } from "../../../packages/detection/src/synthetic-image/clip-depth.js";
import { GE2E_LINEAR_FILE, GE2E_LSTM_FILE } from "../../../packages/detection/src/voice/ge2e.js";
import { WHISPER_ENCODER_FILE } from "../../../packages/detection/src/voice-synthetic/encoder-model.js";

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lg-model-files-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("model sets", () => {
  it("name the very files the model code loads", () => {
    expect([...FACE_MODEL_FILES]).toEqual([YUNET_FILE, SFACE_FILE]);
    expect([...SPEAKER_MODEL_FILES]).toEqual([GE2E_LSTM_FILE, GE2E_LINEAR_FILE]);
    expect(new Set(ENROLMENT_MODEL_FILES)).toEqual(
      new Set([
        YUNET_FILE,
        SFACE_FILE,
        GE2E_LSTM_FILE,
        GE2E_LINEAR_FILE,
        // The live check's speech recogniser.
        WHISPER_ENCODER_FILE,
        WHISPER_DECODER_CROSS_FILE,
        WHISPER_DECODER_STEP_FILE,
        WHISPER_VOCABULARY_FILE,
      ]),
    );
    expect(new Set(ANALYSIS_MODEL_FILES)).toEqual(
      new Set([
        YUNET_FILE,
        SFACE_FILE,
        // The analysis loads CLIP's graph only through the deepest block a head that runs reads.
        clipEncoderFile(deepestClipBlockRead()),
        NSFW_MODEL_FILE,
        SBI_NET_MODEL_FILE,
        ...Object.values(MESONET_FILES),
        WHISPER_ENCODER_FILE,
        GE2E_LSTM_FILE,
        GE2E_LINEAR_FILE,
        ...Object.values(AASIST_CONFIGS).flatMap((c) => [c.encoderFile, c.tensorsFile]),
      ]),
    );
  });

  it("hold plain ONNX graphs and tensor files only, so no function parses a checkpoint at run time", () => {
    // The recogniser's vocabulary is a text table of token bytes, read as it is published.
    for (const file of [...ANALYSIS_MODEL_FILES, ...ENROLMENT_MODEL_FILES])
      expect(file, file).toMatch(/\.(onnx|safetensors|tiktoken)$/);
  });

  it("hold runtime files only: each pinned by setup, none a source another file is derived from", () => {
    const manifest = JSON.parse(readFileSync("scripts/model-manifest.json", "utf8")) as {
      models: { file: string }[];
      derived: { file: string; from: string }[];
      committed: { file: string }[];
    };
    const pinned = new Set([...manifest.models, ...manifest.derived, ...manifest.committed].map((e) => e.file));
    const sources = new Set(manifest.derived.map((e) => e.from));
    for (const file of [...ANALYSIS_MODEL_FILES, ...ENROLMENT_MODEL_FILES]) {
      expect(pinned.has(file), file).toBe(true);
      expect(sources.has(file), file).toBe(false);
    }
  });

  it("pin the committed face-forgery network as the model code does, so the deployment uploads the file it loads", () => {
    const manifest = JSON.parse(readFileSync("scripts/model-manifest.json", "utf8")) as {
      committed: { file: string; sha256: string; bytes: number; from: string }[];
    };
    expect(manifest.committed.find((e) => e.file === SBI_NET_MODEL_FILE)).toEqual({
      file: SBI_NET_MODEL_FILE,
      sha256: sbiNetFile.sha256,
      bytes: sbiNetFile.bytes,
      from: sbiNetFile.file,
    });
  });
});

describe("directory model source", () => {
  it("gives the path of a file in the folder and says it offers it", async () => {
    await mkdir(path.join(dir, "clip"));
    await writeFile(path.join(dir, "clip/model.onnx"), "weights");
    const source = directoryModelSource(dir);
    expect(source.offers("clip/model.onnx")).toBe(true);
    await expect(source.localPath("clip/model.onnx")).resolves.toBe(path.join(dir, "clip/model.onnx"));
  });

  it("refuses a file the folder lacks with ModelFileMissing", async () => {
    const source = directoryModelSource(dir);
    expect(source.offers("clip/model.onnx")).toBe(false);
    await expect(source.localPath("clip/model.onnx")).rejects.toBeInstanceOf(ModelFileMissing);
  });
});

describe("S3 model source", () => {
  const s3Mock = mockClient(S3Client);
  const weights = "the model's bytes";
  const file = "clip/model.onnx";
  // The SDK's streaming body is a Node Readable in Lambda; the source only pipes it.
  const body = (text: string) => Readable.from([Buffer.from(text)]) as never;
  const source = (files: Record<string, string>) =>
    s3ModelSource({ s3: new S3Client({ region: "eu-west-1" }), bucket: "models", files, cacheDir: dir });

  beforeEach(() => s3Mock.reset());

  it("copies a file by its content-addressed key into local storage once, verified", async () => {
    s3Mock.on(GetObjectCommand, { Bucket: "models", Key: `${sha256(weights)}/${file}` }).callsFake(() => ({
      Body: body(weights),
    }));
    const models = source({ [file]: sha256(weights) });
    const [first, second] = await Promise.all([models.localPath(file), models.localPath(file)]);
    expect(first).toBe(second);
    expect(readFileSync(first, "utf8")).toBe(weights);
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(1);
    // A new container instance over the same storage trusts only a file that kept its verified name.
    await expect(source({ [file]: sha256(weights) }).localPath(file)).resolves.toBe(first);
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(1);
  });

  it("refuses bytes whose SHA-256 is not the pinned one and leaves nothing behind", async () => {
    s3Mock.on(GetObjectCommand).callsFake(() => ({ Body: body("tampered") }));
    const models = source({ [file]: sha256(weights) });
    await expect(models.localPath(file)).rejects.toBeInstanceOf(ModelFileHashMismatch);
    const left = await readdir(path.join(dir, sha256(weights), "clip"));
    expect(left).toEqual([]);
    // The failure is not kept: a later load tries again.
    s3Mock.on(GetObjectCommand).callsFake(() => ({ Body: body(weights) }));
    await expect(models.localPath(file)).resolves.toMatch(/model\.onnx$/);
  });

  it("offers only this function's files and refuses any other as missing", async () => {
    const models = source({ [file]: sha256(weights) });
    expect(models.offers(file)).toBe(true);
    expect(models.offers("whisper-base/model.bin")).toBe(false);
    await expect(models.localPath("whisper-base/model.bin")).rejects.toBeInstanceOf(ModelFileMissing);
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(0);
  });
});

describe("model file source from the environment", () => {
  it("is the S3 source for MODEL_SOURCE=s3://bucket, with MODEL_FILES as the function's set", () => {
    const files = { "clip/model.onnx": sha256("x") };
    const source = modelFileSourceFromEnv({ MODEL_SOURCE: "s3://models", MODEL_FILES: JSON.stringify(files) });
    expect(source?.offers("clip/model.onnx")).toBe(true);
    expect(source?.offers("whisper-base/model.bin")).toBe(false);
  });

  it("is the folder MODEL_SOURCE names otherwise", async () => {
    await writeFile(path.join(dir, "weights.pt"), "w");
    const source = modelFileSourceFromEnv({ MODEL_SOURCE: dir });
    expect(source?.offers("weights.pt")).toBe(true);
    expect(existsSync((await source?.localPath("weights.pt")) ?? "")).toBe(true);
  });

  it("is none when MODEL_SOURCE is unset, so the detection package keeps reading MODEL_DIR", () => {
    expect(modelFileSourceFromEnv({})).toBeUndefined();
  });

  it("refuses a MODEL_FILES entry that is not a SHA-256", () => {
    expect(() =>
      modelFileSourceFromEnv({ MODEL_SOURCE: "s3://models", MODEL_FILES: '{"clip/model.onnx":"abc"}' }),
    ).toThrow();
  });
});
