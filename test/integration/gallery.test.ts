/**
 * The gallery on the local stack: a person enrols through the API (zero-knowledge mode, real SFace
 * descriptors of three real photos reported by the browser). Their rows are indexed over the RDS Data
 * API (the same SDK call crawler functions make to Aurora) but never searched until a live check
 * proves the face theirs (issue 35 item 3), and the moment they delete their biometrics the rows are gone.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { faceDescriptors } from "@lg/detection";
import { describe, expect, inject, it } from "vitest";
import { localGallery, localGallerySql } from "./local-gallery.js";
import { deleteWithProof, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const KNN = "faces/face_recognition/examples/knn_examples";
const POSE_PHOTOS = [`${KNN}/train/obama/obama.jpg`, `${KNN}/train/obama/obama2.jpg`, `${KNN}/test/obama1.jpg`];
const SAME_PERSON = "faces/face_recognition/examples/obama-720p.jpg";
const SOMEONE_ELSE = `${KNN}/train/biden/biden.jpg`;

const gallery = localGallery(stack.env);
const sql = localGallerySql(stack.env);

/** Whether each of the person's face rows in the index is searched. */
const indexedRows = async (userId: string) =>
  (await sql.execute("SELECT searched FROM gallery_face WHERE user_id = :userId", { userId })).map((r) => r.searched);

async function faceOf(file: string) {
  const faces = await faceDescriptors(new Uint8Array(await readFile(path.join(mediaDir, file))));
  const [face] = faces;
  if (!face) throw new Error(`no face in ${file}`);
  return { face, count: faces.length };
}

describe("the gallery on the local stack", () => {
  it("is part of the health check", async () => {
    const health = (await (await fetch(`${stack.url}/api/health`)).json()) as {
      services: { name: string; ok: boolean }[];
    };
    expect(health.services.find((s) => s.name === "gallery")).toMatchObject({ ok: true });
  });

  it("indexes a face the browser reported without searching it, and drops it the moment they delete their biometrics", async () => {
    const dee = await signUp(stack.url, "gallery-enrol");
    const headers = { cookie: dee.cookie, "content-type": "application/json" };
    const { version } = (await (await fetch(`${stack.url}/api/consent`, { headers })).json()) as { version: string };
    await fetch(`${stack.url}/api/consent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ version, agree: true }),
    });
    await fetch(`${stack.url}/api/profile`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ privacySettings: { zeroKnowledge: true } }),
    });
    const faces = [];
    for (const file of POSE_PHOTOS) {
      const { face, count } = await faceOf(file);
      faces.push({ descriptor: Array.from(face.descriptor), faceCount: count, ...face.quality });
    }
    const enrolled = await fetch(`${stack.url}/api/biometric-training/embeddings`, {
      method: "POST",
      headers,
      body: JSON.stringify({ faces }),
    });
    expect(enrolled.status).toBe(200);

    const probe = (await faceOf(SAME_PERSON)).face.descriptor;
    const stranger = (await faceOf(SOMEONE_ELSE)).face.descriptor;
    const deesMatch = (candidates: Awaited<ReturnType<typeof gallery.match>>) =>
      candidates.find((c) => c.userId === dee.userId);
    // Three rows, none searched: a face the browser reported is not the holder's until a live check says so.
    expect(await indexedRows(dee.userId)).toEqual([false, false, false]);
    expect(deesMatch(await gallery.match(probe, "face"))).toBeUndefined();
    expect(deesMatch(await gallery.match(stranger, "face"))).toBeUndefined();

    const deleted = await fetch(`${stack.url}/api/biometric`, deleteWithProof(dee.cookie));
    expect(deleted.status).toBe(200);
    // At once: the very next query, no sweep or index rebuild in between.
    expect(await indexedRows(dee.userId)).toEqual([]);
    expect(deesMatch(await gallery.match(probe, "face"))).toBeUndefined();
    const [stillOne] = await gallery.nearest([probe], "face", 50);
    expect((stillOne ?? []).some((row) => row.user_id === dee.userId)).toBe(false);
  });
});
