/**
 * Faces verified before the live check, on the local stack (issue 23 item 3): an account whose face
 * was verified the old way (three stills could pass that check) holds a threat a notice in the
 * person's name could go out on. The after-deploy migration demotes it: the notice is refused and
 * the person is told why and how to verify again (on the profile and once by email); the gallery no
 * longer finds the face; a second run changes nothing; one live check verifies the person, and their earlier samples, again.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { faceDescriptors } from "@lg/detection";
import { RESCAN_AFTER_REVERIFY_MESSAGE, REVERIFY_FACE_MESSAGE } from "@lg/domain/biometrics/enrolment-verification";
import { REVERIFY_SUBJECT } from "@lg/domain/biometrics/reverify-notice";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type PoseFrame, poseFrames, poseTargets } from "../support/live-frames.js";
import { scanClients } from "../support/scan-run.js";
import { liveCheckClient } from "./live-check-client.js";
import { localGallery } from "./local-gallery.js";
import { DECLARED_DEEPFAKE, plantThreat } from "./planted-threat.js";
import { freshProof, type SignedUpPerson } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const { call, consented, liveCheck } = liveCheckClient(stack.url);
const clients = scanClients(stack.env);

const gallery = localGallery(stack.env);

const faceSamples = async (userId: string) =>
  (await clients.accounts.listSamples(userId)).filter((s) => s.modality === "face");

/** What the code before the live check stored for a verified capture: the same samples, the old mark. */
async function asVerifiedBeforeLiveCheck(userId: string) {
  for (const sample of await faceSamples(userId)) {
    const { liveCheckId: _check, ...old } = sample;
    await clients.accounts.putSample({ ...old, verifiedBy: "server-checked-capture" });
  }
}

/** The data migrations a deploy runs after it (locally at each start over kept data). */
async function runAfterDeploy() {
  Object.assign(process.env, stack.env);
  const { runAfterDeploy: run } = await import("../../lambdas/src/migrations/after-deploy.js");
  return run();
}

const draftNotice = async (person: SignedUpPerson, threatId: string) => {
  const res = await call(person, "/api/dmca", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ threatId }),
  });
  return { status: res.status, text: await res.text() };
};

const profileOf = async (person: SignedUpPerson) =>
  (await (await call(person, "/api/profile", { method: "GET" })).json()) as {
    faceVerified: boolean;
    likenessEnrolment: {
      face: { verified: boolean; noticesBlocked: boolean; reverifyNeeded?: boolean; restriction?: string };
    };
  };

/** The messages the stack's outbox holds for an address, as the person's inbox. */
async function inbox(address: string) {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[] | string; subject?: string; text: string }[];
  };
  return messages.filter((m) => String(m.to).includes(address));
}

/** Whether the gallery finds the person by a photo of them, and whether it says verified. */
const galleryFinds = async (userId: string, probe: Float32Array) =>
  (await gallery.match(probe, "face")).find((c) => c.userId === userId);

describe("a face verified before the live check", () => {
  let frames: PoseFrame[];
  let probe: Float32Array;
  beforeAll(async () => {
    frames = await poseFrames(mediaDir, "fr:obama", await mkdtemp(path.join(tmpdir(), "live-check-demotion-")));
    const front = frames.find((f) => f.yawDegrees === poseTargets(frames).front) as PoseFrame;
    const [face] = await faceDescriptors(front.bytes);
    if (!face) throw new Error("No face in the frontal frame");
    probe = face.descriptor;
  }, 120_000);

  it("loses its verification after deploy, blocks notices in the person's name, and is verified again by one live check", async () => {
    const person = await consented("pre-live-check");
    const named = await call(person, "/api/profile", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Barack",
        lastName: "Obama",
        dateOfBirth: "1961-08-04",
        phone: "+14155550123",
        address: "12 Harbor Street",
        city: "San Francisco",
        country: "US",
      }),
    });
    expect(named.status).toBe(200);
    expect((await liveCheck(person, frames)).body).toMatchObject({
      verified: true,
    });
    await asVerifiedBeforeLiveCheck(person.userId);
    const threatId = "pre-live-check-deepfake";
    await plantThreat(clients.threats, person.userId, threatId, {
      detection: { ...DECLARED_DEEPFAKE, face: { personId: "self", confidence: 95, enrolment: "verified" } },
    });

    // Before the migration the old verification still carries a notice in the person's name.
    expect((await draftNotice(person, threatId)).status).toBe(200);
    expect(await galleryFinds(person.userId, probe)).toMatchObject({ verified: true });

    const first = await runAfterDeploy();
    expect(first.liveCheckDemotion.failed).toBe(0);
    expect(first.liveCheckDemotion.demoted).toBeGreaterThanOrEqual(3);
    expect(first.liveCheckDemotion.threats).toBeGreaterThanOrEqual(1);

    // Kept, but no longer verified: the notice is refused with the reason and the way back.
    const demoted = await faceSamples(person.userId);
    expect(demoted).toHaveLength(3);
    expect(demoted.map((s) => [s.verified, s.verifiedBy, s.verificationLapsed])).toEqual(
      Array(3).fill([false, undefined, "predates-live-check"]),
    );
    const refused = await draftNotice(person, threatId);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("rests on an unverified enrolment, so no notice can be sent under your name");
    expect(JSON.parse(refused.text).message).toContain(REVERIFY_FACE_MESSAGE);
    const shown = await profileOf(person);
    expect(shown.faceVerified).toBe(false);
    expect(shown.likenessEnrolment.face).toMatchObject({
      verified: false,
      noticesBlocked: true,
      reverifyNeeded: true,
      restriction: REVERIFY_FACE_MESSAGE,
    });
    // And told so, once, by email: scans stop searching meanwhile.
    expect(first.reverifyMessages.failed).toBe(0);
    const told = (await inbox(person.email)).filter((m) => m.subject === REVERIFY_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(REVERIFY_FACE_MESSAGE);
    expect(told[0]?.text).toContain("/biometric-training");
    // The gallery no longer searches for the face.
    expect(await galleryFinds(person.userId, probe)).toBeUndefined();

    // A second run changes nothing.
    const before = await clients.accounts.listUserItems(person.userId);
    const second = await runAfterDeploy();
    expect(second.liveCheckDemotion).toEqual({ users: 0, demoted: 0, threats: 0, changed: 0, failed: 0 });
    expect(second.reverifyMessages.told).toBe(0);
    expect((await inbox(person.email)).filter((m) => m.subject === REVERIFY_SUBJECT)).toHaveLength(1);
    expect(await clients.accounts.listUserItems(person.userId)).toEqual(before);

    // One live check of the same face: verified again, the earlier captures vouched for by it.
    const reverified = await liveCheck(person, frames);
    expect(reverified.status, JSON.stringify(reverified.body)).toBe(200);
    expect(reverified.body).toMatchObject({
      verified: true,
      status: { face: { verified: true, noticesBlocked: false } },
    });
    const faces = await faceSamples(person.userId);
    expect(faces).toHaveLength(6);
    expect(faces.map((s) => s.verifiedBy).sort()).toEqual([
      ...Array(3).fill("live-check"),
      ...Array(3).fill("matches-live-check"),
    ]);
    expect(faces.every((s) => s.verified && !s.verificationLapsed)).toBe(true);
    const restored = await profileOf(person);
    expect(restored.faceVerified).toBe(true);
    expect(restored.likenessEnrolment.face.reverifyNeeded).toBeUndefined();
    expect(await galleryFinds(person.userId, probe)).toMatchObject({ verified: true });
    // The threat matched before stays unverified until a scan matches it on the live-checked face.
    const waiting = await draftNotice(person, threatId);
    expect(waiting.status).toBe(409);
    expect(JSON.parse(waiting.text).message).toContain(RESCAN_AFTER_REVERIFY_MESSAGE);

    // The face register is shared by the stack's tests: leave it as found.
    expect(
      (
        await call(person, "/api/biometric", {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(freshProof()),
        })
      ).status,
    ).toBe(200);
  }, 300_000);
});
