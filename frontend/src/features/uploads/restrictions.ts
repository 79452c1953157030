/** Upload limits of spec section 5 and the widget's restriction messages (spec section 8). */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const MAX_FILES = 1;
const MAX_LISTED_RESTRICTIONS = 4;

export interface Restrictions {
  maxFileSize: number;
  maxNumberOfFiles: number;
  allowedFileTypes: string[];
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** File formats as people know them, not as media types (issue 36 item 23). */
const FORMAT_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "audio/wav": "WAV",
  "audio/x-wav": "WAV",
  "audio/webm": "WebM",
  "audio/ogg": "Ogg",
  "audio/mpeg": "MP3",
  "audio/mp4": "M4A",
  "audio/flac": "FLAC",
};

/** The accepted formats in words: 'JPEG, PNG or WebP'. */
export function formatNames(types: string[]): string {
  const names = [...new Set(types.map((t) => FORMAT_NAMES[t] ?? t))];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

function typeAllowed(file: File, allowed: string[]): boolean {
  return allowed.some((pattern) =>
    pattern.endsWith("/*")
      ? file.type.startsWith(pattern.slice(0, -1))
      : file.type === pattern || file.name.endsWith(pattern),
  );
}

/** Every restriction the chosen files break; at most four are listed, the rest summarised. */
export function restrictionErrors(files: File[], existing: File[], r: Restrictions): string[] {
  const errors: string[] = [];
  if (files.length + existing.length > r.maxNumberOfFiles) {
    errors.push(`You can only upload ${r.maxNumberOfFiles} file${r.maxNumberOfFiles === 1 ? "" : "s"}`);
  }
  for (const file of files) {
    if (existing.some((e) => e.name === file.name && e.size === file.size)) {
      errors.push(`Cannot add the duplicate file '${file.name}', it already exists`);
    }
    if (file.size > r.maxFileSize) {
      errors.push(`${file.name} exceeds maximum allowed size of ${formatBytes(r.maxFileSize)}`);
    }
    if (r.allowedFileTypes.length > 0 && !typeAllowed(file, r.allowedFileTypes)) {
      errors.push(`${file.name} cannot be used here: choose a ${formatNames(r.allowedFileTypes)} file`);
    }
  }
  if (errors.length <= MAX_LISTED_RESTRICTIONS) return errors;
  const extra = errors.length - MAX_LISTED_RESTRICTIONS;
  return [...errors.slice(0, MAX_LISTED_RESTRICTIONS), `and ${extra} more restriction${extra === 1 ? "" : "s"}`];
}
