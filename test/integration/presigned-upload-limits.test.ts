import { describe, expect, inject, it } from "vitest";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const LIMIT = 10 * 1024 * 1024;

const api = (person: SignedUpPerson, method: string, path: string, body?: unknown) =>
  fetch(`${stack.url}${path}`, {
    method,
    headers: { cookie: person.cookie, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function consent(person: SignedUpPerson) {
  const { version } = (await (await api(person, "GET", "/api/consent")).json()) as { version: string };
  expect((await api(person, "POST", "/api/consent", { version, agree: true })).status).toBe(200);
}

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe("presigned upload size limits on the local stack", () => {
  it("issues no upload URL without a size, over the kind's limit, or for the other kind's type", async () => {
    const person = await signUp(stack.url, "upload-limits-refused");
    await consent(person);
    const noSize = await api(person, "POST", "/api/upload/face", {});
    expect(noSize.status).toBe(400);
    expect(await messageOf(noSize)).toMatch(/size must be the file's size in bytes/);
    const tooLarge = await api(person, "POST", "/api/upload/voice", { size: LIMIT + 1 });
    expect(tooLarge.status).toBe(413);
    expect(await messageOf(tooLarge)).toBe("Voice recording is too large: 10.0 MB, the limit is 10.0 MB");
    const photoAsVoice = await api(person, "POST", "/api/upload/voice", { size: 1024, contentType: "image/png" });
    expect(photoAsVoice.status).toBe(415);
  });

  it("has the S3 stand-in refuse a body larger or smaller than the URL was issued for, and take the declared one", async () => {
    const person = await signUp(stack.url, "upload-limits-put");
    await consent(person);
    const file = new TextEncoder().encode("declared bytes, not a photo");
    const issued = await api(person, "POST", "/api/upload/face", { size: file.byteLength, contentType: "image/jpeg" });
    expect(issued.status).toBe(200);
    const { uploadURL } = (await issued.json()) as { uploadURL: string };

    // The attack of issue 23: a much larger object sent to a URL issued for a small one.
    const oversized = await fetch(uploadURL, { method: "PUT", body: new Uint8Array(LIMIT + 1) });
    expect(oversized.status).toBe(403);
    expect(await oversized.text()).toContain("SignatureDoesNotMatch");
    const oneByteMore = await fetch(uploadURL, { method: "PUT", body: new Uint8Array(file.byteLength + 1) });
    expect(oneByteMore.status).toBe(403);
    const oneByteLess = await fetch(uploadURL, { method: "PUT", body: file.subarray(1) });
    expect(oneByteLess.status).toBe(403);
    // Nothing was stored by the refused PUTs.
    expect((await api(person, "PUT", "/api/biometric/face", { uploadURL })).status).toBe(404);

    const rightSized = await fetch(uploadURL, { method: "PUT", body: file, headers: { "content-type": "image/jpeg" } });
    expect(rightSized.status).toBe(200);
    // Stored and read: the registration's byte check now refuses it as no photo.
    expect((await api(person, "PUT", "/api/biometric/face", { uploadURL })).status).toBe(415);
  });
});
