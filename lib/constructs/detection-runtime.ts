import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Annotations, AssetHashType, DockerImage } from "aws-cdk-lib";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { Construct } from "constructs";
import type { StageConfig } from "../config.js";
import { fromRoot } from "../paths.js";
import type { DetectionRuntime as Runtime } from "./app-function.js";
import { fetchedFfmpegBinaries, missingLambdaBinaries } from "./runtime-packages.js";

/**
 * Layers for functions that run detection models. Weights come from `.model-cache/` (filled by
 * `npm run setup`, verified by SHA-256) and are mounted at /opt/models; the ffmpeg layer (arm64,
 * /opt/bin/ffmpeg and ffprobe, on Lambda's PATH) is the stage config's layer when it names one, else
 * one built from the static builds `npm run setup:lambda` fetched.
 */
export class DetectionLayers extends Construct {
  readonly runtime: Runtime;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const cache = fromRoot(".model-cache");
    let modelsLayer: lambda.ILayerVersion | undefined;
    if (existsSync(cache)) {
      modelsLayer = new lambda.LayerVersion(this, "Models", {
        description: "LikenessGuard model weights (from .model-cache, SHA-256 verified at setup)",
        compatibleArchitectures: [lambda.Architecture.ARM_64],
        compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
        code: lambda.Code.fromAsset(cache, {
          bundling: {
            // Copied locally under models/ so the layer mounts at /opt/models; Docker is never used.
            image: DockerImage.fromRegistry("public.ecr.aws/docker/library/busybox:stable"),
            local: {
              tryBundle(outputDir) {
                cpSync(cache, join(outputDir, "models"), { recursive: true, dereference: true });
                return true;
              },
            },
          },
        }),
      });
    } else {
      Annotations.of(this).addWarningV2(
        "@likenessguard/models-missing",
        "No .model-cache/ at synth: detection functions deploy without model weights. Run `npm run setup` first.",
      );
    }
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
      Annotations.of(this).addWarningV2(
        "@likenessguard/ffmpeg-missing",
        "No ffmpeg layer: set ffmpegLayerArn in the stage config or run `npm run setup:lambda`; audio/video decoding in detection functions will fail.",
      );
    }
    for (const missing of missingLambdaBinaries()) {
      Annotations.of(this).addWarningV2(
        "@likenessguard/lambda-binary-missing",
        `${missing} is not installed: functions that import it cannot load on Lambda (linux arm64). Install it as a root devDependency (npm install -D --force ${missing}).`,
      );
    }
    this.runtime = { modelsLayer, ffmpegLayer };
  }
}
