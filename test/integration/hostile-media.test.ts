import { describe, expect, inject, it } from "vitest";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");

async function consent(person: SignedUpPerson) {
  const headers = { cookie: person.cookie, "content-type": "application/json" };
  const { version } = (await (await fetch(`${stack.url}/api/consent`, { headers })).json()) as { version: string };
  const given = await fetch(`${stack.url}/api/consent`, {
    method: "POST",
    headers,
    body: JSON.stringify({ version, agree: true }),
  });
  expect(given.status).toBe(200);
}

/** The probe's file: an ID3 tag, which passes the MP3 check, then an HLS playlist pointing at a URL. */
const id3ThenPlaylist = () =>
  new Uint8Array([
    ...[0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0],
    ...new TextEncoder().encode(
      "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\nhttp://169.254.169.254/latest/meta-data/x.ts\n#EXT-X-ENDLIST\n",
    ),
  ]);

describe("hostile media on the local stack", () => {
  it("refuses an ID3 tag followed by an HLS playlist as a voice upload, in the product's words only", async () => {
    const person = await signUp(stack.url, "hostile-media");
    await consent(person);
    const created = await fetch(`${stack.url}/api/upload/voice`, {
      method: "POST",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      body: JSON.stringify({ size: id3ThenPlaylist().byteLength }),
    });
    expect(created.status).toBe(200);
    const { uploadURL } = (await created.json()) as { uploadURL: string };
    const put = await fetch(uploadURL, { method: "PUT", body: id3ThenPlaylist() });
    expect(put.status).toBe(200);

    const registered = await fetch(`${stack.url}/api/biometric/voice`, {
      method: "PUT",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      body: JSON.stringify({ uploadURL }),
    });
    expect(registered.status).toBe(422);
    const { message } = (await registered.json()) as { message: string };
    expect(message).toMatch(/The MP3 file could not be decoded: it is damaged or not what its header says/);
    expect(message).not.toMatch(/0x[0-9a-f]{4,}|\/tmp|lg-media|hls|Invalid data|ffmpeg/i);
  });
});
