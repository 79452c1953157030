import { Annotations, Match } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { fetchedFfmpegBinaries, missingLambdaBinaries } from "../../lib/constructs/runtime-packages.js";
import { buildApp, stageFromCdkJson } from "./synth-app.js";

/** Builds the dev stage under a CDK context profile (`cdk synth -c profile=...`). */
function build(profile: string | undefined, stage = stageFromCdkJson("dev")) {
  return buildApp(stage, profile ? { profile } : {});
}

// These cases read this machine's .lambda-binaries (filled by `npm run setup:lambda`); without it,
// as in CI, the ffmpeg layer's binaries are missing.
const ffmpegFetched = fetchedFfmpegBinaries() !== undefined;

describe("the deploy profile", () => {
  it.skipIf(ffmpegFetched)("refuses to synthesize without the ffmpeg layer, naming how to get it", () => {
    expect(() => build("deploy")).toThrow(/deploy profile.*\n- No ffmpeg layer: .*npm run setup:lambda/s);
  });

  it.skipIf(ffmpegFetched)("is what makes it fail: a plain synth without the layer only warns", () => {
    const { stacks } = build(undefined);
    Annotations.fromStack(stacks.service).hasWarning("*", Match.stringLikeRegexp("No ffmpeg layer"));
  });

  it("accepts the stage config's own ffmpeg layer, and then refuses only what else is missing", () => {
    const stage = {
      ...stageFromCdkJson("dev"),
      ffmpegLayerArn: "arn:aws:lambda:eu-west-1:123456789012:layer:ffmpeg:1",
    };
    const missing = missingLambdaBinaries();
    if (missing.length === 0) {
      expect(() => build("deploy", stage)).not.toThrow();
    } else {
      expect(() => build("deploy", stage)).toThrow(new RegExp(missing[0] as string));
      expect(() => build("deploy", stage)).not.toThrow(/ffmpeg layer/);
    }
  });
});
