import { describe, expect, it, vi } from "vitest";
import { checkDeclaredUpload, UPLOAD_LIMIT_BYTES } from "../../../packages/domain/src/biometrics/upload-limits.js";
import type { DomainError } from "../../../packages/domain/src/errors.js";
import { accountWorld } from "./world.js";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  }
  throw new Error("expected a refusal");
};

describe("presigned upload size limits", () => {
  it("allows each kind up to its limit, and refuses one byte more as too large with the limit in the words", () => {
    for (const kind of ["face", "voice"] as const) {
      const limit = UPLOAD_LIMIT_BYTES[kind];
      expect(() => checkDeclaredUpload(kind, { size: limit })).not.toThrow();
      expect(refusal(() => checkDeclaredUpload(kind, { size: limit + 1 }))).toEqual({
        kind: "too-large",
        message: `${kind === "face" ? "Face photo" : "Voice recording"} is too large: 10.0 MB, the limit is 10.0 MB`,
      });
    }
    expect(refusal(() => checkDeclaredUpload("face", { size: 120 * 1024 * 1024 })).message).toMatch(/120\.0 MB/);
  });

  it("refuses an empty, fractional or negative size", () => {
    for (const size of [0, -1, 1.5, Number.NaN]) {
      expect(refusal(() => checkDeclaredUpload("face", { size })).kind).toBe("invalid");
    }
  });

  it("refuses a declared type of the other kind, and leaves an absent type to the byte check", () => {
    expect(refusal(() => checkDeclaredUpload("face", { size: 10, contentType: "audio/wav" })).kind).toBe(
      "unsupported-type",
    );
    expect(refusal(() => checkDeclaredUpload("voice", { size: 10, contentType: "image/png" })).kind).toBe(
      "unsupported-type",
    );
    expect(() => checkDeclaredUpload("face", { size: 10, contentType: "image/jpeg" })).not.toThrow();
    expect(() => checkDeclaredUpload("voice", { size: 10, contentType: "video/webm" })).not.toThrow();
    expect(() => checkDeclaredUpload("voice", { size: 10, contentType: "" })).not.toThrow();
    expect(() => checkDeclaredUpload("voice", { size: 10, contentType: "application/octet-stream" })).not.toThrow();
    expect(refusal(() => checkDeclaredUpload("face", { size: 10, contentType: "application/pdf" })).kind).toBe(
      "unsupported-type",
    );
    expect(() => checkDeclaredUpload("voice", { size: 10 })).not.toThrow();
  });

  it("says what a refused file is in words, never its media type", () => {
    expect(refusal(() => checkDeclaredUpload("voice", { size: 10, contentType: "image/png" })).message).toBe(
      "This file is a picture, not a recording: upload a WAV, WebM, Ogg, MP3, M4A or FLAC recording",
    );
    expect(refusal(() => checkDeclaredUpload("voice", { size: 10, contentType: "text/plain" })).message).toBe(
      "This file is a document, not a recording: upload a WAV, WebM, Ogg, MP3, M4A or FLAC recording",
    );
    expect(refusal(() => checkDeclaredUpload("face", { size: 10, contentType: "application/pdf" })).message).toBe(
      "This file is a document, not a photo: upload a JPEG, PNG or WebP photo",
    );
    expect(refusal(() => checkDeclaredUpload("face", { size: 10, contentType: "audio/wav" })).message).not.toMatch(
      /\//,
    );
  });

  it("signs the upload URL for exactly the declared size, and issues no URL over the limit", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const presign = vi.spyOn(w.objects, "presignUpload");
    await w.enrolment.createUploadUrl(userId, "voice", { size: 48_000, contentType: "audio/wav" });
    expect(presign).toHaveBeenCalledWith(expect.stringContaining(`users/${userId}/uploads/`), 48_000, 600);
    presign.mockClear();
    await expect(
      w.enrolment.createUploadUrl(userId, "face", { size: UPLOAD_LIMIT_BYTES.face + 1 }),
    ).rejects.toMatchObject({ kind: "too-large" });
    expect(presign).not.toHaveBeenCalled();
  });
});
