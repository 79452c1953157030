import { DomainError } from "../errors.js";
import { describeSize, MAX_SAMPLE_BYTES } from "./media-type.js";

export type UploadKind = "face" | "voice";

/** The largest file each kind of presigned upload may carry: the same bound the registration reads under. */
export const UPLOAD_LIMIT_BYTES: Readonly<Record<UploadKind, number>> = {
  face: MAX_SAMPLE_BYTES,
  voice: MAX_SAMPLE_BYTES,
};

/** What the page says it will send; the URL is signed for exactly `size` bytes, so S3 refuses any other body. */
export interface DeclaredUpload {
  size: number;
  contentType?: string;
}

const KIND_LABEL: Record<UploadKind, string> = { face: "Face photo", voice: "Voice recording" };

/** The declared MIME family each kind takes; the real type is still read from the bytes on registration. */
const declaredTypeFits: Record<UploadKind, (type: string) => boolean> = {
  face: (type) => type.startsWith("image/"),
  voice: (type) => type.startsWith("audio/") || type.startsWith("video/") || type === "application/ogg",
};

/** What a browser declares for a file it cannot name (some systems give this for .flac or .m4a). */
const UNNAMED_TYPE = "application/octet-stream";

/**
 * Refuses a declared upload before any URL exists: an empty or over-limit size, or a declared type
 * of the other kind (a photo offered as a voice sample). An absent, empty or unnamed type is left to
 * the byte check on registration, since browsers give no type for some files.
 */
export function checkDeclaredUpload(kind: UploadKind, declared: DeclaredUpload): void {
  const limit = UPLOAD_LIMIT_BYTES[kind];
  if (!Number.isSafeInteger(declared.size) || declared.size < 1) {
    throw new DomainError("invalid", "size must be the file's size in bytes, at least 1");
  }
  if (declared.size > limit) {
    throw new DomainError(
      "too-large",
      `${KIND_LABEL[kind]} is too large: ${describeSize(declared.size)}, the limit is ${describeSize(limit)}`,
    );
  }
  const type = declared.contentType?.trim().toLowerCase();
  if (type && type !== UNNAMED_TYPE && !declaredTypeFits[kind](type)) {
    throw new DomainError(
      "unsupported-type",
      kind === "face"
        ? `This file is ${fileInWords(type, "picture")}: upload a JPEG, PNG or WebP photo`
        : `This file is ${fileInWords(type, "recording")}: upload a WAV, WebM, Ogg, MP3, M4A or FLAC recording`,
    );
  }
}

/**
 * What a refused file is, in words a person knows rather than its media type ("audio/x-ms-wma"), the
 * way the voice step used to list it (issue 36 item 23).
 */
function fileInWords(type: string, wanted: "picture" | "recording"): string {
  const [family] = type.split("/");
  if ((family === "image" && wanted === "picture") || (family === "audio" && wanted === "recording"))
    return `a ${wanted} in a format we cannot read`;
  if (family === "image") return "a picture, not a recording";
  if (family === "audio") return "a recording, not a photo";
  if (family === "video") return wanted === "picture" ? "a video, not a photo" : "a video in a format we cannot read";
  if (family === "text" || type === "application/pdf")
    return `a document, not a ${wanted === "picture" ? "photo" : "recording"}`;
  return `not a ${wanted === "picture" ? "photo" : "recording"} we can read`;
}
