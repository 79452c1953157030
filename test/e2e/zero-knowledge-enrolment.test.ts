/**
 * Zero-knowledge enrolment in Chromium against the local stack: the person turns the mode on in
 * Settings, trains with the fake camera playing real photos of the simulator's persona (frontal,
 * turned each way) and the fake microphone playing their voice. The photos and the recording are
 * analysed in the page by the lazily loaded face and voice paths; the test watches every request
 * and proves no image and no audio left the browser, then reads the table and bucket: three sealed
 * face samples and one voice sample marked zero-knowledge, and nothing in the bucket. It also runs
 * the page's voice path on a recording file and the server's on the same file, and compares the two
 * embeddings. Pages carry the production Content-Security-Policy, as the local web origin sends
 * CloudFront's headers.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../lib/constructs/content-security-policy.js";
import { decodeAudio } from "../../packages/detection/src/media/audio.js";
import { assessVoiceForEnrolment } from "../../packages/detection/src/voice/enrolment.js";
import { cosineDistance } from "../../packages/detection/src/voice/matching.js";
import { scanClients, scenarioUrl } from "../support/scan-run.js";
import { repoRoot, screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import { buildFakeCapture, chromiumCaptureArgs, type PersonaMedia, waitForPoseStart } from "./support/fake-capture.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");

let page: Page;
let captureDir: string;
/** The recording the fake microphone plays: 48 kHz 16-bit mono WAV of the persona's voice. */
let microphoneWav: string;
const sent: { method: string; url: string; contentType: string; bytes: number }[] = [];
const cspViolations: string[] = [];
/** The Content-Security-Policy each page (document) arrived with. */
const documentPolicies: (string | null)[] = [];

const e2e = useBrowserStack(
  "zk",
  { mediaDir, simulator: { totalItems: 8, plantedItems: 2 } },
  {
    chromiumArgs: async (stack) => {
      captureDir = mkdtempSync(path.join(tmpdir(), "lg-e2e-zk-capture-"));
      const { persona } = (await (await fetch(scenarioUrl(stack.env))).json()) as { persona: PersonaMedia };
      const capture = await buildFakeCapture(mediaDir, persona, captureDir);
      microphoneWav = capture.audioPath;
      return chromiumCaptureArgs(capture);
    },
  },
);

beforeAll(async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["camera", "microphone"], { origin: e2e.stack.url });
  page = await context.newPage();
  page.on("response", (response) => {
    if (response.request().resourceType() === "document") {
      documentPolicies.push(response.headers()["content-security-policy"] ?? null);
    }
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on("request", (request) => {
    if (request.method() === "GET") return;
    sent.push({
      method: request.method(),
      url: request.url(),
      contentType: request.headers()["content-type"] ?? "",
      bytes: request.postDataBuffer()?.byteLength ?? 0,
    });
  });
});

afterAll(async () => {
  if (captureDir) rmSync(captureDir, { recursive: true, force: true });
});

describe("zero-knowledge enrolment in the browser", () => {
  it("turns the mode on in Settings and trains with photos and a recording analysed on the device", async () => {
    await signUpByEmail(page, e2e.stack.url, `zk-${Date.now()}@example.com`, "Correct-horse-9");
    await page.goto(`${e2e.stack.url}/settings`);
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/profile") && r.request().method() === "PUT");
    const toggle = page.getByRole("switch", { name: /Zero-Knowledge Mode/ });
    // The switch shows what the server saved, so it turns on once the PUT has answered.
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => toggle.isChecked()).toBe(true);

    await page.goto(`${e2e.stack.url}/biometric-training`);
    await page.getByText("Zero-knowledge mode is on.").waitFor();
    await page.getByRole("button", { name: "Start the capture" }).click();
    await page.getByRole("button", { name: "I Agree" }).click();
    await page.locator("video").waitFor();
    for (const pose of [0, 1, 2]) {
      // The first capture loads the face models; the button comes back once the pose is analysed.
      const button = page.getByRole("button", { name: `Capture Photo ${pose + 1}/3` });
      await button.waitFor({ timeout: 180_000 });
      await waitForPoseStart(page, pose);
      await button.click();
    }
    await page.getByRole("heading", { name: "Voice Training" }).waitFor({ timeout: 180_000 });
    await page.getByRole("button", { name: "Start Recording" }).click();
    await page.getByText("Recording… 7 seconds").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /Stop Recording/ }).click();
    // Continue loads the voice models and analyses the recording on the device before it counts.
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Capture complete" }).waitFor({ timeout: 180_000 });

    const enrolled = page.waitForResponse((r) => r.url().endsWith("/api/biometric-training/embeddings"));
    await page.getByRole("button", { name: "Continue to Scan Preferences" }).click();
    const response = await enrolled;
    expect(response.status()).toBe(200);
    // The server cannot check what the browser reports, so the enrolment is stored unverified.
    expect(await response.json()).toMatchObject({
      faces: 3,
      voice: true,
      verified: false,
      enrolment: "client-reported",
    });
    const standing = page.getByRole("list", { name: "Enrolment status" });
    await standing.waitFor();
    expect(await standing.textContent()).toContain(
      "Face: enrolled, not verified — notices under your name need a verified face; verify by",
    );
    await screenshot(page, "zero-knowledge-enrolled-not-verified");
    await page.getByRole("button", { name: "Continue to Scan Preferences" }).click();
    // The spec's /scan-preferences leads into the one setup flow's platforms step.
    await page.waitForURL(/\/onboarding\?step=platforms$/);
    await screenshot(page, "zero-knowledge-trained");
    // Every page ran under CloudFront's policy, with the S3 stand-in as the upload origin, and broke none of it.
    const policy = contentSecurityPolicy({
      uploadOrigins: [new URL(e2e.stack.env.AWS_ENDPOINT_URL_S3 ?? "").origin],
      https: false,
    });
    expect(documentPolicies.length).toBeGreaterThan(0);
    expect(new Set(documentPolicies)).toEqual(new Set([policy]));
    expect(cspViolations).toEqual([]);
  });

  it("sent no image and no audio: only numbers for the faces and the voice, in one small JSON body", async () => {
    expect(sent.some((r) => r.url.endsWith("/api/biometric-training"))).toBe(false);
    expect(sent.filter((r) => /image\/|audio\/|multipart\/|octet-stream/.test(r.contentType))).toEqual([]);
    expect(sent.filter((r) => /\/api\/(upload|biometric)\//.test(r.url) || !r.url.startsWith(e2e.stack.url))).toEqual(
      [],
    );
    const enrolment = sent.filter((r) => r.url.endsWith("/api/biometric-training/embeddings"));
    expect(enrolment.map((r) => r.contentType)).toEqual(["application/json"]);
    expect(enrolment[0]?.bytes).toBeLessThan(32 * 1024);
  });

  it("stored three sealed faces and one voice, marked zero-knowledge, and nothing in the bucket", async () => {
    const me = (await (await page.request.get(`${e2e.stack.url}/api/auth/user`)).json()) as { userId: string };
    const { accounts } = scanClients(e2e.stack.env);
    const samples = await accounts.listSamples(me.userId);
    expect(samples.map((s) => s.modality).sort()).toEqual(["face", "face", "face", "voice"]);
    expect(samples.every((s) => s.source === "zero-knowledge" && s.objectKey === undefined)).toBe(true);
    expect(samples.find((s) => s.modality === "voice")?.quality).toMatchObject({ reportedByBrowser: true });
    const s3 = new S3Client({
      endpoint: e2e.stack.env.AWS_ENDPOINT_URL_S3,
      region: e2e.stack.env.AWS_REGION,
      forcePathStyle: true,
      credentials: {
        accessKeyId: e2e.stack.env.AWS_ACCESS_KEY_ID ?? "",
        secretAccessKey: e2e.stack.env.AWS_SECRET_ACCESS_KEY ?? "",
      },
    });
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: e2e.stack.env.BIOMETRIC_BUCKET, Prefix: `users/${me.userId}/` }),
    );
    expect(listed.Contents ?? []).toEqual([]);
  });

  it("gives the server's voice embedding for the same recording: Web Audio's 48 -> 16 kHz decode vs ffmpeg's", async () => {
    const bytes = readFileSync(microphoneWav);
    // The page's own voice build, as the training screen loads it, run on the recording file. A
    // string, not a function: the test runner rewrites import() in functions it compiles.
    const inPage = (await page.evaluate(`(async (base64) => {
      const voice = await import(location.origin + "/voice-browser/voice-browser.js");
      await voice.loadVoiceModels({ models: "/voice-browser/models/", wasm: "/voice-browser/wasm/" });
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const assessment = await voice.assessRecording(new Blob([bytes], { type: "audio/wav" }));
      return { ...assessment, embedding: Array.from(assessment.embedding ?? []) };
    })(${JSON.stringify(bytes.toString("base64"))})`)) as {
      ok: boolean;
      reasons: string[];
      speechSeconds: number;
      embedding: number[];
    };
    const server = await assessVoiceForEnrolment((await decodeAudio(new Uint8Array(bytes))).samples);
    expect(inPage.reasons).toEqual(server.reasons);
    expect(inPage.ok).toBe(true);
    expect(Math.abs(inPage.speechSeconds - server.speechSeconds)).toBeLessThan(0.1);
    // Same-speaker pairs in the calibration set lie 0.04 to 0.34 apart, the match threshold at 0.27.
    const distance = cosineDistance(Float32Array.from(inPage.embedding), server.embedding as Float32Array);
    console.log(`browser vs server embedding of the same recording: cosine distance ${distance.toExponential(2)}`);
    expect(distance).toBeLessThan(0.01);
  });
});
