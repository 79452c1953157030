/**
 * Promises kept after sign-up (issue 28, items 1-3), in Chromium against the whole local stack: a
 * person signs up by phone (no email address), has no camera for the three live poses so uploads a
 * face photo, and records their voice in the onboarding. The face step says plainly the uploaded
 * photo is not searched (and lets them go on); the recording is kept but not verified (only a live
 * check's words read aloud verify a voice, and this person has no camera for one);
 * alerts default to text messages, the only channel that reaches them; and the first scan says what
 * it searched, never "found nothing" for the face it did not search. Once a camera takes the live
 * poses, the next scan searches the face too and finds the planted items, and the alert reaches the
 * outbox as a text.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scenarioUrl } from "../support/scan-run.js";
import { latestCode, repoRoot, screenshot } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import {
  buildFakeCapture,
  chromiumCaptureArgs,
  liveCheckCameraScript,
  type PersonaMedia,
  takeLiveCheck,
} from "./support/fake-capture.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");
const PASSWORD = "Correct-horse-9";
const PHONE = `+1555${String(Date.now()).slice(-7)}`;

let page: Page;
let captureDir: string;
let liveCamera: string;
let persona: PersonaMedia & { displayName: string };

const e2e = useBrowserStack(
  "upload-only-phone",
  { mediaDir, simulator: { totalItems: 30, plantedItems: 12 } },
  {
    chromiumArgs: async (stack) => {
      captureDir = mkdtempSync(path.join(tmpdir(), "lg-e2e-upload-only-capture-"));
      persona = ((await (await fetch(scenarioUrl(stack.env))).json()) as { persona: typeof persona }).persona;
      liveCamera = await liveCheckCameraScript(mediaDir, persona, captureDir);
      return chromiumCaptureArgs(await buildFakeCapture(mediaDir, persona, captureDir));
    },
  },
);

beforeAll(async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["camera", "microphone"], { origin: e2e.stack.url });
  await context.addInitScript(liveCamera);
  page = await context.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `upload-only-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

afterAll(() => {
  if (captureDir) rmSync(captureDir, { recursive: true, force: true });
});

const step = (n: number) => page.getByText(new RegExp(`^Step ${n} of \\d+$`)).waitFor();
const next = () => page.getByRole("button", { name: "Next", exact: true }).click();

async function outbox(): Promise<{ to: string; text: string }[]> {
  const { messages } = (await (await fetch(`${e2e.stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string; text: string }[];
  };
  return messages;
}

describe("a phone-only person without a camera", () => {
  it("signs up by phone and gives consent, name and platforms", async () => {
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByRole("button", { name: "Sign up with Phone" }).click();
    await page.getByLabel("Phone number", { exact: true }).fill(PHONE);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByLabel("Verification code", { exact: true }).waitFor();
    await page.getByLabel("Verification code", { exact: true }).fill(await latestCode(e2e.stack.url, PHONE));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/onboarding$/, { timeout: 15_000 });

    await step(1);
    await page.getByRole("button", { name: "I Agree" }).click();
    await next();
    await step(2);
    const [first = "", ...rest] = persona.displayName.split(" ");
    await page.getByLabel("First name").fill(first);
    await page.getByLabel("Last name").fill(rest.join(" "));
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await step(3);
    await page.getByRole("button", { name: "Save and Continue" }).click();
  });

  it("uploads a face photo and is told plainly it is not searched, and may go on", async () => {
    await step(4);
    await page.getByText("No camera? Upload a photo instead").click();
    await page.getByLabel("Face photo").setInputFiles(path.join(mediaDir, persona.faceEnrolment));
    await page.getByText(/^Your uploaded photo is stored, but your face is not searched yet/).waitFor({
      timeout: 120_000,
    });
    // The copy no longer says both that scans search it and that they cannot use it.
    expect(await page.getByText(/scans search it/).count()).toBe(0);
    await screenshot(page, "upload-only-04-face-not-searched");
    const nextButton = page.getByRole("button", { name: "Next", exact: true });
    expect(await nextButton.isEnabled()).toBe(true);
    await nextButton.click();
  });

  it("records the voice in the onboarding, kept but not verified, and says what verifies it", async () => {
    await step(5);
    await page.getByRole("button", { name: "Start Recording" }).click();
    await page.getByRole("button", { name: "Record Again" }).waitFor({ timeout: 30_000 });
    const captured = page.waitForResponse((r) => r.url().endsWith("/api/biometric-training"));
    await page.getByRole("button", { name: "Upload Voice Sample" }).click();
    const response = await captured;
    expect(await response.json()).toMatchObject({ voice: true, voiceVerified: false });
    await page.getByText(/Your recording is searched but not verified/).waitFor();
    const profile = (await (await page.request.get(`${e2e.stack.url}/api/profile`)).json()) as {
      likenessEnrolment: { voice: { methods: string[]; noticesBlocked: boolean }; face: { enrolled: boolean } };
    };
    expect(profile.likenessEnrolment.voice).toMatchObject({
      methods: ["server-checked-capture"],
      verified: false,
      noticesBlocked: true,
    });
    expect(profile.likenessEnrolment.face.enrolled).toBe(false);
    await next();
  });

  it("has alerts by text by default, the only channel that reaches a phone-only account", async () => {
    await step(6);
    const sms = page.getByRole("checkbox", { name: "SMS (every alert: this account has no email address)" });
    expect(await sms.isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Email (this account has no email address)" }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByText(/No alert reaches you/).count()).toBe(0);
    await screenshot(page, "upload-only-06-alerts");
    await page.getByRole("button", { name: "Save and Continue" }).click();
  });

  it("runs a first scan that says what it searched, and texts what it found", async () => {
    await step(7);
    await page.getByRole("heading", { name: "First scan complete" }).waitFor({ timeout: 400_000 });
    const outcome =
      (await page
        .getByRole("status")
        .filter({ hasText: /^Your first scan/ })
        .textContent()) ?? "";
    expect(outcome).toMatch(/^Your first scan searched for your voice and found /);
    expect(outcome).toContain(
      "Your face was not searched: your uploaded photo is not searched until you verify it with the three live poses",
    );
    await screenshot(page, "upload-only-07-first-scan");
    const found = Number(/found (\d+) threats?/.exec(outcome)?.[1] ?? 0);
    if (found > 0) {
      await expect
        .poll(async () => (await outbox()).some((m) => m.to.includes(PHONE) && /^LikenessGuard: /.test(m.text)), {
          timeout: 30_000,
        })
        .toBe(true);
    }
  });

  it("verifies the face with the live check later; the next scan finds the planted items and texts the alert", async () => {
    await page.goto(`${e2e.stack.url}/onboarding?step=face`);
    await page.getByRole("button", { name: "Start camera" }).click();
    const checked = await takeLiveCheck(page);
    expect(`${checked.status()} ${await checked.text()}`).toMatch(/^200 .*"verified":true/);
    await page.getByText("✓ Face verified from a live camera capture").waitFor({ timeout: 120_000 });

    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("button", { name: "Force Scan" }).click();
    const done = page.getByText(/^(Scan complete|Scan failed)$/).first();
    await done.waitFor({ timeout: 400_000 });
    expect(await done.textContent()).toBe("Scan complete");
    const threats = (await (await page.request.get(`${e2e.stack.url}/api/threats`)).json()) as
      | unknown[]
      | { items: unknown[] };
    expect((Array.isArray(threats) ? threats : threats.items).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await outbox()).some((m) => m.to.includes(PHONE) && /^LikenessGuard: /.test(m.text)), {
        timeout: 60_000,
      })
      .toBe(true);
    await screenshot(page, "upload-only-08-dashboard-after-live-face");
  });
});
