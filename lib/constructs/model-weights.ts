import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AssetHashType, DockerImage, RemovalPolicy, Size } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as s3deploy from "aws-cdk-lib/aws-s3-deployment";
import { Construct } from "constructs";
import { modelObjectKey } from "../../lambdas/src/shared/aws/s3-model-files.js";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";
import { fromRoot } from "../paths.js";
import type { AppFunction } from "./app-function.js";
import { acknowledgeBucketDeploymentHandler } from "./bucket-deployment-handler.js";

/** A model file as `npm run setup` pins it (scripts/model-manifest.json). */
export interface PinnedModelFile {
  file: string;
  sha256: string;
  bytes: number;
}

/** Every runtime and source file setup pins, by name. */
export function pinnedModelFiles(manifest = fromRoot("scripts/model-manifest.json")): Map<string, PinnedModelFile> {
  const {
    models,
    derived = [],
    committed = [],
  } = JSON.parse(readFileSync(manifest, "utf8")) as {
    models: Partial<PinnedModelFile>[];
    derived?: Partial<PinnedModelFile>[];
    // Networks trained here, committed in the repository; setup copies them into .model-cache like the rest.
    committed?: Partial<PinnedModelFile>[];
  };
  const pinned = new Map<string, PinnedModelFile>();
  for (const entry of [...models, ...derived, ...committed]) {
    if (!entry.file || !entry.sha256 || !entry.bytes)
      throw new Error(`${manifest}: ${entry.file} needs sha256 and bytes`);
    pinned.set(entry.file, { file: entry.file, sha256: entry.sha256, bytes: entry.bytes });
  }
  return pinned;
}

/** Lambda's ephemeral storage bounds (MiB). */
const TMP_DEFAULT_MIB = 512;
const TMP_MAX_MIB = 10_240;

/**
 * Local storage a function with these model files needs: the files themselves plus Lambda's default
 * 512 MiB, which the handlers' own temporary files (media being decoded, ffmpeg's output) keep using.
 */
export function ephemeralStorageMib(files: readonly PinnedModelFile[]): number {
  const modelMib = Math.ceil(files.reduce((sum, f) => sum + f.bytes, 0) / 2 ** 20);
  const mib = TMP_DEFAULT_MIB + modelMib;
  if (mib > TMP_MAX_MIB) throw new Error(`Model files need ${mib} MiB of /tmp; Lambda allows ${TMP_MAX_MIB}`);
  return mib;
}

export interface ModelWeightsProps {
  /** The model files any function of the stage loads: only these are uploaded. */
  files: readonly string[];
  accessLogs: s3.IBucket;
  /** Called with the reason when the weights cannot be uploaded from this machine (nothing is uploaded). */
  onMissing: (reason: string) => void;
}

/**
 * The detection functions' model weights: a private, versioned, encrypted bucket holding each runtime
 * file under its content-addressed key `<sha256>/<file>`, uploaded from `.model-cache` (checked
 * against scripts/model-manifest.json's SHA-256 while staged). A function is given the files it loads
 * (grantTo): MODEL_SOURCE and MODEL_FILES name them with their hashes, its role may read exactly
 * those keys, and its /tmp is sized to hold them (lambdas/src/shared/aws/s3-model-files.ts copies them
 * there on first use). Layers cannot carry them: Lambda allows 250 MB unzipped for code and layers.
 */
export class ModelWeights extends Construct {
  readonly bucket: s3.Bucket;
  readonly deployment: s3deploy.BucketDeployment | undefined;
  private readonly pinned = pinnedModelFiles();

  constructor(scope: Construct, id: string, props: ModelWeightsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, "Bucket", {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: "model-weights/",
      // Published weights, re-uploadable from the manifest: nothing is lost when a stage is deleted.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });
    justify(this.bucket, {
      nag: inBothCompliancePacks("S3DefaultEncryptionKMS"),
      reason:
        "Published model weights (open licences, scripts/model-manifest.json), no personal data: SSE-S3 (AES-256) keeps them encrypted at rest without a key grant on every detection function; integrity is checked by SHA-256 at each load.",
    });
    const files = [...new Set(props.files)].map((file) => this.pinnedFile(file));
    const cache = fromRoot(".model-cache");
    const absent = files.filter((f) => !existsSync(join(cache, f.file))).map((f) => f.file);
    if (absent.length > 0) {
      const reason = `.model-cache lacks ${absent.join(", ")}: the detection functions would find no model weights. Run \`npm run setup\` first.`;
      props.onMissing(reason);
      return;
    }
    this.deployment = new s3deploy.BucketDeployment(this, "Upload", {
      destinationBucket: this.bucket,
      sources: [stagedModelFiles(cache, files)],
      // Keys are content-addressed: a deploy adds the new hashes and leaves the ones running functions read.
      prune: false,
      retainOnDelete: false,
      // The handler unzips the whole set in its /tmp before copying it.
      memoryLimit: 1024,
      ephemeralStorageSize: Size.mebibytes(ephemeralStorageMib(files) * 2),
    });
    acknowledgeBucketDeploymentHandler(
      this.deployment,
      "CDK's BucketDeployment handler copies the model weights from the CDK asset bucket into the model bucket; it is scoped to those two buckets and runs only during deployment.",
    );
  }

  private pinnedFile(file: string): PinnedModelFile {
    const pinned = this.pinned.get(file);
    if (!pinned) throw new Error(`Model file ${file} is not pinned in scripts/model-manifest.json`);
    return pinned;
  }

  /** The function may load exactly these model files: env, read grant on their keys, /tmp to hold them. */
  grantTo(fn: AppFunction, names: readonly string[]): void {
    const files = names.map((file) => this.pinnedFile(file));
    fn.function.addEnvironment("MODEL_SOURCE", `s3://${this.bucket.bucketName}`);
    fn.function.addEnvironment("MODEL_FILES", JSON.stringify(Object.fromEntries(files.map((f) => [f.file, f.sha256]))));
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject"],
        resources: files.map((f) => this.bucket.arnForObjects(modelObjectKey(f.file, f.sha256))),
      }),
    );
    (fn.function.node.defaultChild as CfnFunction).ephemeralStorage = { size: ephemeralStorageMib(files) };
    if (this.deployment) fn.function.node.addDependency(this.deployment);
  }
}

/**
 * The upload's source: the files laid out under their object keys. Its asset hash is the files'
 * pinned hashes, so an unchanged set is neither copied nor hashed again on the next synth.
 */
function stagedModelFiles(cache: string, files: readonly PinnedModelFile[]): s3deploy.ISource {
  const fingerprint = createHash("sha256")
    .update(files.map((f) => modelObjectKey(f.file, f.sha256)).join("\n"))
    .digest("hex");
  return s3deploy.Source.asset(cache, {
    assetHashType: AssetHashType.CUSTOM,
    assetHash: fingerprint,
    bundling: {
      // Staged locally; Docker is never used.
      image: DockerImage.fromRegistry("public.ecr.aws/docker/library/busybox:stable"),
      local: {
        tryBundle(outputDir) {
          for (const f of files) {
            const bytes = readFileSync(join(cache, f.file));
            const actual = createHash("sha256").update(bytes).digest("hex");
            if (actual !== f.sha256) {
              throw new Error(
                `.model-cache/${f.file} has SHA-256 ${actual}, the manifest pins ${f.sha256}: run \`npm run setup\``,
              );
            }
            const target = join(outputDir, modelObjectKey(f.file, f.sha256));
            mkdirSync(dirname(target), { recursive: true });
            writeFileSync(target, bytes);
          }
          return true;
        },
      },
    },
  });
}
