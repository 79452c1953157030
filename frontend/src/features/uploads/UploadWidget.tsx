import { type ChangeEvent, type DragEvent, useId, useState } from "react";
import { ProgressBar } from "../../ui/ProgressBar";
import { formatNames, MAX_FILES, MAX_UPLOAD_BYTES, restrictionErrors } from "./restrictions";
import { type BiometricKind, useBiometricUpload } from "./use-biometric-upload";

interface UploadWidgetProps {
  kind: BiometricKind;
  label: string;
  accept: string[];
  disabled?: boolean;
  onComplete: () => void;
}

const PHASE_TEXT = {
  idle: "",
  uploading: "Uploading…",
  processing: "Checking the sample…",
  complete: "Upload complete",
  error: "Upload failed",
};

/** One-file upload with drag and drop, restriction messages, progress and the server's verdict. */
export function UploadWidget({ kind, label, accept, disabled, onComplete }: UploadWidgetProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const upload = useBiometricUpload(kind);
  const busy = upload.phase === "uploading" || upload.phase === "processing";

  const choose = (files: File[]) => {
    const problems = restrictionErrors(files, file && upload.phase !== "error" ? [file] : [], {
      maxFileSize: MAX_UPLOAD_BYTES,
      maxNumberOfFiles: MAX_FILES,
      allowedFileTypes: accept,
    });
    setErrors(problems);
    // Only the latest choice's error shows: a refused new file replaces the last upload's failure.
    if (problems.length > 0 && upload.phase === "error") {
      setFile(null);
      upload.reset();
    }
    const chosen = files[0];
    if (problems.length > 0 || !chosen) return;
    setFile(chosen);
    upload.upload(chosen).then((ok) => ok && onComplete());
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    choose(Array.from(event.target.files ?? []));
    event.target.value = "";
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !busy) choose(Array.from(event.dataTransfer.files));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; keyboard users use the file input inside
    <div
      className={`dropzone${dragging ? " is-dragging" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>
        Drop a file here or{" "}
        <label htmlFor={inputId} className="link-button">
          browse
        </label>
      </p>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={accept.join(",")}
        disabled={disabled || busy}
        aria-label={label}
        aria-describedby={`${inputId}-hint`}
        onChange={onInput}
      />
      <p id={`${inputId}-hint`} className="hint">
        1 file, up to 10 MB: {formatNames(accept)}
      </p>
      {errors.length > 0 ? (
        <ul className="field-error" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {file ? (
        <div className="upload-file" aria-live="polite">
          <p className="small" style={{ margin: 0 }}>
            <strong>{file.name}</strong> — {PHASE_TEXT[upload.phase]}
          </p>
          {upload.phase === "uploading" ? (
            <ProgressBar value={upload.progress * 100} label={`Uploading ${file.name}`} />
          ) : null}
          {upload.error ? <p className="field-error">{upload.error}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
