/**
 * The browser build of the face path (scripts/build-face-browser.ts) in Chromium: it decodes real
 * photos itself, runs the server's YuNet + SFace pipeline on onnxruntime-web, and its embeddings agree
 * with the Node path's for the same files within a stated tolerance; matching picks the right identity.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faceDescriptors } from "../../packages/detection/src/face/descriptors.js";
import { cosineDistance } from "../../packages/detection/src/voice/matching.js";
import { buildFaceBrowser } from "../../scripts/build-face-browser.js";
import { dataDir } from "../unit/detection/data-dir.js";

/** One photo per enrolled identity, each under the 1024 px analysis size so neither side resizes. */
const ENROL = {
  obama: "faces/face_recognition/examples/obama-480p.jpg",
  rose_leslie: "faces/face_recognition/examples/knn_examples/train/rose_leslie/img2.jpg",
  kit_harington: "faces/face_recognition/examples/knn_examples/train/kit_harington/john2.jpeg",
};
/** A different photo of one of them, larger than the analysis size, so the browser scales it down. */
const PROBE = { identity: "obama", file: "faces/face_recognition/examples/obama-720p.jpg" };
const FILES = [...Object.values(ENROL), PROBE.file];

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".onnx": "application/octet-stream",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

// The page exposes one function; the test calls it by name so nothing of the test is shipped to the page.
const PAGE = `<!doctype html><meta charset="utf-8"><title>face path</title>
<script type="module">
  const face = await import("/face/face-browser.js");
  await face.loadFaceModels({ models: "/face/models/", wasm: "/face/wasm/" });
  const describe = async (file) => {
    const blob = await (await fetch("/data/" + file)).blob();
    const { image, scale } = await face.decodeImageFile(blob);
    const faces = await face.faceDescriptorsFromRgba(image);
    return { scale, faces: faces.map((f) => ({ score: f.score, descriptor: Array.from(f.descriptor) })) };
  };
  window.faceCheck = async (enrol, probe) => {
    const described = {};
    for (const file of [...Object.values(enrol), probe]) described[file] = await describe(file);
    const enrolled = Object.entries(enrol).map(([personId, file]) => ({
      personId, voice: [], face: [Float32Array.from(described[file].faces[0].descriptor)],
    }));
    const match = face.matchFace(Float32Array.from(described[probe].faces[0].descriptor), enrolled);
    return { described, match };
  };
  window.faceReady = true;
</script>`;

interface BrowserResult {
  described: Record<string, { scale: number; faces: { score: number; descriptor: number[] }[] }>;
  match: { personId: string; distance: number; confidence: number } | null;
}

let server: Server;
let baseUrl: string;
let buildDir: string;
let browser: Browser;

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), "lg-face-browser-"));
  await buildFaceBrowser(buildDir);
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let file: string | undefined;
    if (url.pathname === "/") file = undefined;
    else if (url.pathname.startsWith("/face/")) file = path.join(buildDir, url.pathname.slice("/face/".length));
    else if (url.pathname.startsWith("/data/") && FILES.includes(decodeURIComponent(url.pathname.slice(6))))
      file = path.join(dataDir, decodeURIComponent(url.pathname.slice(6)));
    else {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = file ? await readFile(file) : PAGE;
      const type = CONTENT_TYPES[file ? path.extname(file) : ".html"] ?? "application/octet-stream";
      response.writeHead(200, { "content-type": type }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--headless"],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe("face path in the browser", () => {
  it("computes the Node path's embeddings for the same photos and matches the probe to the right person", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction("window.faceReady === true", undefined, { timeout: 120_000 });
    const result = (await page.evaluate(
      `window.faceCheck(${JSON.stringify(ENROL)}, ${JSON.stringify(PROBE.file)})`,
    )) as BrowserResult;
    expect(errors).toEqual([]);

    for (const file of Object.values(ENROL)) {
      const [nodeFace] = await faceDescriptors(new Uint8Array(await readFile(path.join(dataDir, file))));
      const browserFace = result.described[file]?.faces[0];
      if (!nodeFace || !browserFace) throw new Error(`no face in ${file} (node: ${!!nodeFace})`);
      expect(result.described[file]?.scale).toBe(1);
      // Same pixels, same model bytes, same pre- and post-processing code: only the wasm kernels'
      // float rounding may differ. Stated tolerance: cosine distance 1e-4 (measured ≤ 2.3e-5; same-person threshold ≈ 0.6).
      expect(cosineDistance(nodeFace.descriptor, Float32Array.from(browserFace.descriptor))).toBeLessThan(1e-4);
    }

    const probe = result.described[PROBE.file];
    expect(probe?.scale).toBeCloseTo(1024 / 1280, 5);
    const [nodeProbe] = await faceDescriptors(new Uint8Array(await readFile(path.join(dataDir, PROBE.file))));
    if (!nodeProbe || !probe?.faces[0]) throw new Error("no face in the probe");
    // Chromium and libvips scale the photo down with different filters: a small shift, far inside
    // the same-person threshold (cosine distance ≈ 0.6). Stated tolerance 0.01 (measured 1.6e-3).
    expect(cosineDistance(nodeProbe.descriptor, Float32Array.from(probe.faces[0].descriptor))).toBeLessThan(0.01);
    expect(result.match?.personId).toBe(PROBE.identity);
    expect(result.match?.confidence).toBeGreaterThan(50);
    await page.close();
  });
});
