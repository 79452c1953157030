/**
 * `npx tsx bench/model-cold-start.ts`: what a cold scan-analyse function spends on its models before
 * its first analysis. The analysis model set (packages/detection/src/models/model-sets.ts) is put in
 * the local S3 stand-in under its content-addressed keys, exactly as the deployment lays it out; then,
 * timed, the S3 model source copies every file into a fresh /tmp folder verifying each SHA-256 as it
 * streams (lambdas/src/shared/aws/s3-model-files.ts), and every model of the set is loaded from there.
 * Writes bench/results/model-cold-start.json.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { modelDir, useModelFileSource } from "@lg/detection/models/model-files";
import { ANALYSIS_MODEL_FILES } from "@lg/detection/models/model-sets";
import {
  clipImageEncoder,
  faceModel,
  getModel,
  mesoNet,
  speakerModel,
  whisperEncoder,
} from "@lg/detection/models/registry";
import { modelObjectKey, s3ModelSource } from "../lambdas/src/shared/aws/s3-model-files.js";
import { pinnedModelFiles } from "../lib/constructs/model-weights.js";
import { startS3 } from "../local/src/stand-ins/s3.js";
import { benchMachine } from "./machine.js";

const BUCKET = "models";
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

const work = await mkdtemp(path.join(os.tmpdir(), "lg-model-cold-start-"));
// Any origin: nothing cross-origin calls it, but the stand-in needs one for its CORS rule.
const server = await startS3(path.join(work, "s3"), [BUCKET], ["http://127.0.0.1"]);
try {
  const s3 = new S3Client({
    endpoint: server.url,
    region: "eu-west-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const pinned = pinnedModelFiles();
  const files = ANALYSIS_MODEL_FILES.map((file) => {
    const entry = pinned.get(file);
    if (!entry) throw new Error(`${file} is not pinned`);
    return entry;
  });
  for (const f of files) {
    const body = await readFile(path.join(modelDir(), f.file));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: modelObjectKey(f.file, f.sha256), Body: body }));
  }
  const cacheDir = path.join(work, "tmp-models");
  await mkdir(cacheDir);
  const source = s3ModelSource({
    s3,
    bucket: BUCKET,
    files: Object.fromEntries(files.map((f) => [f.file, f.sha256])),
    cacheDir,
  });
  useModelFileSource(source);

  const start = process.hrtime.bigint();
  await Promise.all(files.map((f) => source.localPath(f.file)));
  const copySeconds = seconds(start);
  const loadStart = process.hrtime.bigint();
  // Every model the analysis set serves, as a first analysis of a picture, a clip and a voice would load them.
  await faceModel().ready();
  await clipImageEncoder().ready();
  await mesoNet("meso4").ready();
  await mesoNet("mesoinception4").ready();
  await whisperEncoder().ready();
  await speakerModel().ready();
  await getModel("AASIST").ready();
  await getModel("AASIST-L").ready();
  const loadSeconds = seconds(loadStart);

  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const result = {
    what: "scan-analyse cold start: analysis model set copied from the local S3 stand-in into a fresh folder with SHA-256 checks, then every model loaded",
    files: files.length,
    megabytes: Math.round(bytes / 1e6),
    copyAndVerifySeconds: Number(copySeconds.toFixed(2)),
    copyMegabytesPerSecond: Math.round(bytes / 1e6 / copySeconds),
    loadSeconds: Number(loadSeconds.toFixed(2)),
    totalSeconds: Number((copySeconds + loadSeconds).toFixed(2)),
    machine: benchMachine(),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  await mkdir("bench/results", { recursive: true });
  await writeFile("bench/results/model-cold-start.json", `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
