/**
 * The live face check on the local stack (issue 23 item 3), with real photos and the real engine:
 * the three public stills of a public figure, sent as a burst answering a challenge, are
 * refused; a burst that turns through his photos as the challenge asks, each lit by the page's screen
 * colour as a face in front of the screen is (a live person, as test/support/screen-light.ts renders
 * one), passes, and the same face on a second account is held for review, not verified, with its
 * notices blocked. Presentation attacks: live-check-attacks.test.ts.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PoseWindow } from "@lg/domain/biometrics/liveness-challenge";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { burstForm, distinctFrame, type PoseFrame, poseFrames } from "../support/live-frames.js";
import { scanClients } from "../support/scan-run.js";
import { liveCheckClient } from "./live-check-client.js";
import { freshProof } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const OBAMA = "faces/face_recognition/examples/knn_examples";
/** The stills: the engine reads them at about -3, -29 and +38 degrees of yaw. */
const STILLS = {
  front: `${OBAMA}/train/obama/obama.jpg`,
  right: `${OBAMA}/train/obama/obama2.jpg`,
  left: `${OBAMA}/test/obama1.jpg`,
};

const { call, consented, challenge, answer, liveCheck } = liveCheckClient(stack.url);

const faceSamples = async (userId: string) =>
  (await scanClients(stack.env).accounts.listSamples(userId)).filter((s) => s.modality === "face");

describe("live face check", () => {
  let frames: PoseFrame[];
  beforeAll(async () => {
    frames = await poseFrames(mediaDir, "fr:obama", await mkdtemp(path.join(tmpdir(), "live-check-")));
  }, 120_000);

  it("refuses the three public stills sent as a burst that follows the challenge", async () => {
    const impostor = await consented("live-stills");
    const c = await challenge(impostor);
    expect(c.poses.map((p) => p.pose).sort()).toEqual(["front", "left", "right"]);
    const stills = Object.fromEntries(
      await Promise.all(
        Object.entries(STILLS).map(async ([pose, file]) => [
          pose,
          new Uint8Array(await readFile(path.join(mediaDir, file))),
        ]),
      ),
    ) as Record<PoseWindow["pose"], Uint8Array>;
    // Each still shown through its pose's window, its bytes varied per frame as a re-encoding camera would.
    const burst: { atMs: number; bytes: Uint8Array }[] = [];
    for (let atMs = 0, n = 0; atMs <= (c.poses.at(-1)?.endMs ?? 0); atMs += c.frameIntervalMs, n++) {
      const pose = (c.poses.find((p) => atMs < p.endMs) ?? c.poses.at(-1)) as PoseWindow;
      burst.push({ atMs, bytes: distinctFrame(stills[pose.pose], n) });
    }
    const refused = await answer(impostor, c, burst);
    expect(refused.status).toBe(422);
    // Every order of the three has a jump of 41 degrees or more between consecutive frames; in some
    // (the pose order is random) the face box jumps between two closer angles first. Either is a cut.
    expect(refused.body.message).toMatch(
      /^Live check failed: your (head seemed to jump|face seemed to jump across the picture)/,
    );
    expect(await faceSamples(impostor.userId)).toEqual([]);

    // The same stills repeated byte for byte are refused as repeats; the used challenge is gone.
    const again = await challenge(impostor);
    const repeated = burst.map((f, i) => ({ atMs: f.atMs, bytes: burst[i - (i % 2)]?.bytes as Uint8Array }));
    expect((await answer(impostor, again, repeated)).body.message).toMatch(/repeats an earlier frame exactly/);
    const reused = await call(impostor, "/api/biometric-training", { body: burstForm(c.challengeId, burst) });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toMatch(/unknown or was already used/);
  }, 120_000);

  it("verifies a burst that turns as asked, then holds the same face on a second account for review", async () => {
    const first = await consented("live-first");
    const verified = await liveCheck(first, frames);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ faces: 3, verified: true, enrolment: "server-checked-capture" });

    const second = await consented("live-second");
    const c2 = await challenge(second);
    // Another account's session cannot answer it.
    const crossed = await call(first, "/api/biometric-training", { body: burstForm(c2.challengeId, []) });
    expect(crossed.status).toBe(400);
    const held = await liveCheck(second, frames, c2);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({
      verified: false,
      review: "pending",
      // Only that the check needs review: nothing says another account holds the face.
      message: expect.stringMatching(/^Your live check needs review/),
      status: { face: { verified: false, noticesBlocked: true, pendingReview: true } },
    });
    expect((await faceSamples(second.userId)).map((s) => [s.verified, s.reviewStatus])).toEqual(
      Array(3).fill([false, "pending"]),
    );
    const profile = (await (await call(second, "/api/profile", { method: "GET" })).json()) as {
      faceVerified: boolean;
      likenessEnrolment: { face: { noticesBlocked: boolean; restriction: string } };
    };
    expect(profile.faceVerified).toBe(false);
    expect(profile.likenessEnrolment.face).toMatchObject({
      noticesBlocked: true,
      restriction: expect.stringMatching(/notices under your name stay blocked until the review/),
    });
    // The register one face is verified in is shared by the stack: other files' live checks of this face start clean.
    expect(
      (
        await call(first, "/api/biometric", {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(freshProof()),
        })
      ).status,
    ).toBe(200);
  }, 180_000);
});
