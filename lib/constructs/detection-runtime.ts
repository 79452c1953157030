import { chmodSync, copyFileSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Annotations, AssetHashType, DockerImage } from "aws-cdk-lib";
import * as lambda from "aws-cdk-lib/aws-lambda";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { ANALYSIS_MODEL_FILES, ENROLMENT_MODEL_FILES } from "../../packages/detection/src/models/model-sets.js";
import type { StageConfig } from "../config.js";
import { fromRoot } from "../paths.js";
import type { DetectionRuntime as Runtime } from "./app-function.js";
import { ModelWeights } from "./model-weights.js";
import { fetchedFfmpegBinaries, missingLambdaBinaries } from "./runtime-packages.js";

/**
 * The deploy profile (`-c profile=deploy`, used by `npm run deploy` and `npm run synth:deploy`):
 * what a plain synth only warns about (no model weights, no ffmpeg, a missing Lambda binary) fails
 * synthesis, so nothing deploys functions that cannot do their work.
 */
export const DEPLOY_PROFILE = "deploy";

export function isDeployProfile(scope: Construct): boolean {
  return scope.node.tryGetContext("profile") === DEPLOY_PROFILE;
}

/**
 * What functions that run detection models need: their model weights (ModelWeights: S3, copied into
 * /tmp on first use) and the ffmpeg layer (arm64, /opt/bin/ffmpeg and ffprobe, on Lambda's PATH),
 * which is the stage config's layer when it names one, else one built from the static builds
 * `npm run setup:lambda` fetched.
 */
export class DetectionLayers extends Construct {
  readonly runtime: Runtime;

  constructor(scope: Construct, id: string, props: { config: StageConfig; accessLogs: IBucket }) {
    super(scope, id);
    const refusals: string[] = [];
    const missing = (code: string, reason: string) => {
      if (isDeployProfile(this)) refusals.push(reason);
      else Annotations.of(this).addWarningV2(`@likenessguard/${code}`, reason);
    };
    const modelWeights = new ModelWeights(this, "Models", {
      files: [...ANALYSIS_MODEL_FILES, ...ENROLMENT_MODEL_FILES],
      accessLogs: props.accessLogs,
      onMissing: (reason) => missing("models-missing", reason),
    });
    let ffmpegLayer: lambda.ILayerVersion | undefined;
    const fetched = fetchedFfmpegBinaries();
    if (props.config.ffmpegLayerArn) {
      ffmpegLayer = lambda.LayerVersion.fromLayerVersionArn(this, "Ffmpeg", props.config.ffmpegLayerArn);
    } else if (fetched) {
      ffmpegLayer = new lambda.LayerVersion(this, "Ffmpeg", {
        description: "Static ffmpeg and ffprobe for linux arm64 (npm @ffmpeg-installer, @ffprobe-installer)",
        compatibleArchitectures: [lambda.Architecture.ARM_64],
        compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
        code: lambda.Code.fromAsset(fromRoot(".lambda-binaries"), {
          // The asset hash follows the two pinned binaries only, not the rest of the fetched folder.
          assetHashType: AssetHashType.CUSTOM,
          assetHash: fetched.map((f) => `${f.binary}@${f.version}:${statSync(f.path).size}`).join(","),
          bundling: {
            image: DockerImage.fromRegistry("public.ecr.aws/docker/library/busybox:stable"),
            local: {
              tryBundle(outputDir) {
                mkdirSync(join(outputDir, "bin"), { recursive: true });
                for (const f of fetched) {
                  copyFileSync(f.path, join(outputDir, "bin", f.binary));
                  // npm packs ffprobe without its execute bit.
                  chmodSync(join(outputDir, "bin", f.binary), 0o755);
                }
                return true;
              },
            },
          },
        }),
      });
    } else {
      missing(
        "ffmpeg-missing",
        "No ffmpeg layer: set ffmpegLayerArn in the stage config or run `npm run setup:lambda`; audio/video decoding in detection functions will fail.",
      );
    }
    for (const binary of missingLambdaBinaries()) {
      missing(
        "lambda-binary-missing",
        `${binary} is not installed: functions that import it cannot load on Lambda (linux arm64). Run \`npm run setup:lambda\`.`,
      );
    }
    if (refusals.length > 0) {
      throw new Error(
        `The deploy profile (-c profile=${DEPLOY_PROFILE}) refuses to synthesize:\n- ${refusals.join("\n- ")}`,
      );
    }
    this.runtime = { modelWeights, ...(ffmpegLayer ? { ffmpegLayer } : {}) };
  }
}
