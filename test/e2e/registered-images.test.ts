/**
 * Registering intimate images in Chromium against the local stack: the person chooses a picture and
 * a video on /protect-images; the page hashes them on the device (PDQ on a canvas, the video's
 * frames by seeking a <video> element) and sends only hashes. The test watches every request the
 * page makes and proves none carries a picture or a video: every body is small JSON with no image or
 * video signature. The picture's registered hash is the server's own PDQ of the same file.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdqDistance, pdqHash } from "../../packages/detection/src/hashing/pdq.js";
import { resolveMediaTool } from "../../packages/detection/src/media/ffmpeg.js";
import { signUp } from "../integration/signed-up-person.js";
import { repoRoot, screenshot } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");
const picture = path.join(mediaDir, "faces/deepface/img1.jpg");
const clip = path.join(mediaDir, "faces/face_recognition/examples/short_hamilton_clip.mp4");

/** File signatures of pictures and videos: none may appear in anything the page sends. */
const SIGNATURES = [
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from("RIFF"), // WebP, AVI
  Buffer.from("ftyp"), // MP4, MOV, HEIC
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), // WebM, Matroska
  Buffer.from("GIF8"),
];
/** A request body this size or larger could carry a picture; hashes in JSON are a few KB. */
const LARGEST_BODY = 16 * 1024;

let page: Page;
let workDir: string;
let webm: string;
const sent: { method: string; url: string; body: Buffer }[] = [];

const e2e = useBrowserStack("pdq", { mediaDir, simulator: { totalItems: 8, plantedItems: 2 } });

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "lg-e2e-pdq-"));
  // Debian's Chromium plays no H.264: the clip goes to VP8 WebM, a format every browser plays.
  webm = path.join(workDir, "clip.webm");
  const ffmpeg = resolveMediaTool("ffmpeg");
  if (!ffmpeg) throw new Error("ffmpeg is needed to make the test video");
  execFileSync(ffmpeg.path, ["-v", "error", "-i", clip, "-t", "6", "-an", "-c:v", "libvpx", "-b:v", "1M", webm]);
  page = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on("request", (request) => {
    sent.push({ method: request.method(), url: request.url(), body: request.postDataBuffer() ?? Buffer.alloc(0) });
  });
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("registering intimate images by hash", () => {
  it("hashes a picture and a video on the device and sends only the hashes", async () => {
    // Signed up through the API: this test is about the page that hashes, not the sign-up pages.
    const person = await signUp(e2e.stack.url, "pdq-e2e");
    const [name, value] = person.cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: e2e.stack.url }]);
    await page.goto(`${e2e.stack.url}/protect-images`);
    await page.getByRole("heading", { name: "Your images never leave this device" }).waitFor();
    const bodyCountBefore = sent.length;

    const registered = page.waitForResponse(
      (r) => r.url().endsWith("/api/image-hashes") && r.request().method() === "POST",
    );
    await page.getByLabel("Choose pictures or videos to hash on this device").setInputFiles([picture, webm]);
    const response = await registered;
    expect(response.status(), await response.text()).toBe(200);
    const result = (await response.json()) as { registered: { source: string }[] };
    expect(result.registered.filter((r) => r.source === "image")).toHaveLength(1);
    expect(result.registered.filter((r) => r.source === "video-frame").length).toBeGreaterThan(0);
    await page.getByRole("list", { name: "Registered hashes" }).waitFor();
    await screenshot(page, "registered-images");

    // Nothing the page sent carries a picture or a video.
    const outgoing = sent.slice(bodyCountBefore).filter((r) => r.body.byteLength > 0);
    expect(outgoing.map((r) => new URL(r.url).pathname)).toContain("/api/image-hashes");
    for (const request of outgoing) {
      expect(request.body.byteLength, request.url).toBeLessThan(LARGEST_BODY);
      for (const signature of SIGNATURES) expect(request.body.includes(signature), request.url).toBe(false);
      const json = JSON.parse(request.body.toString("utf8")) as { hashes?: { hash: string }[] };
      for (const { hash } of json.hashes ?? []) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const pictureBytes = readFileSync(picture);
    const head = pictureBytes.subarray(0, 48).toString("base64").slice(0, 40);
    expect(outgoing.some((r) => r.body.toString("utf8").includes(head))).toBe(false);

    // The browser's hash of the picture is the server's hash of the same file.
    const exported = await page.evaluate(async () => (await fetch("/api/image-hashes/export")).text());
    const { data, info } = await sharp(pictureBytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const server = pdqHash({ data, width: info.width, height: info.height, channels: 3 });
    const distances = exported
      .trim()
      .split("\n")
      .map((line) => pdqDistance(line.split(",")[0] ?? "", server.hex));
    expect(Math.min(...distances)).toBeLessThanOrEqual(10);
  });
});
