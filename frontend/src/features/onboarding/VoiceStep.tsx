import { useCallback, useEffect, useState } from "react";
import { toast } from "../../ui/toast-store";
import { useWavRecorder } from "../media/use-wav-recorder";
import { UploadWidget } from "../uploads/UploadWidget";
import { useBiometricUpload } from "../uploads/use-biometric-upload";
import { EnrolledInTrainingStep } from "../zero-knowledge/ZeroKnowledgeNotice";
import type { SampleStepProps } from "./sample-step";

export const VOICE_AUTO_STOP_SECONDS = 10;
/** What the server reads (packages/domain/src/biometrics/media-type.ts). */
const VOICE_TYPES = ["audio/wav", "audio/x-wav", "audio/webm", "audio/ogg", "audio/mpeg", "audio/mp4", "audio/flac"];
export const VOICE_PHRASE =
  "My voice is my own. I am recording this sample so that LikenessGuard can recognise my voice and protect it from being cloned.";

export function VoiceStep({ live, done, onDone, zeroKnowledge = false }: SampleStepProps) {
  if (live && zeroKnowledge) {
    return <EnrolledInTrainingStep id="voice-heading" title="Voice authentication" sample="recording" />;
  }
  return <VoiceRecorderStep live={live} done={done} onDone={onDone} />;
}

function VoiceRecorderStep({ live, done, onDone }: SampleStepProps) {
  const onError = useCallback(
    () => toast({ title: "Recording failed", description: "Could not access microphone", variant: "destructive" }),
    [],
  );
  const recorder = useWavRecorder({ maxSeconds: VOICE_AUTO_STOP_SECONDS, onError });
  const upload = useBiometricUpload("voice");
  const [audioUrl, setAudioUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!recorder.recording) return setAudioUrl(null);
    const url = URL.createObjectURL(recorder.recording);
    setAudioUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [recorder.recording]);

  const busy = upload.phase === "uploading" || upload.phase === "processing";
  return (
    <section aria-labelledby="voice-heading">
      <h2 id="voice-heading">Voice authentication</h2>
      <p>Read this phrase aloud in a quiet room. Recording stops by itself after {VOICE_AUTO_STOP_SECONDS} seconds.</p>
      <blockquote className="reading">{VOICE_PHRASE}</blockquote>
      <div className="button-row">
        {recorder.state === "recording" ? (
          <button type="button" className="btn btn-danger" onClick={recorder.stop}>
            Stop Recording ({recorder.seconds}s)
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={recorder.start} disabled={busy}>
            {recorder.recording ? "Record Again" : "Start Recording"}
          </button>
        )}
        {recorder.recording && live ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || upload.phase === "complete"}
            onClick={() => upload.upload(recorder.recording as Blob).then((ok) => ok && onDone())}
          >
            {busy ? "Uploading…" : "Upload Voice Sample"}
          </button>
        ) : null}
        {recorder.recording && !live ? (
          <button type="button" className="btn btn-primary" onClick={onDone}>
            Use This Recording (demo)
          </button>
        ) : null}
      </div>
      <p role="status" className="small muted">
        {recorder.state === "recording" ? `Recording… ${recorder.seconds}s` : ""}
        {upload.phase === "uploading" ? `Uploading ${Math.round(upload.progress * 100)}%` : ""}
        {upload.phase === "processing" ? "Checking the sample…" : ""}
      </p>
      {audioUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a playback of the person's own recording has no captions to offer
        <audio controls src={audioUrl} aria-label="Your recording" />
      ) : null}
      {upload.error ? <p className="field-error">{upload.error}</p> : null}
      {done ? <p className="text-ok">✓ Voice sample enrolled</p> : null}
      {live && !done ? (
        <details className="small">
          <summary>Upload a recording instead</summary>
          <p>
            A recording you upload is stored as not verified until it matches your voice from a live recording here.
          </p>
          <UploadWidget kind="voice" label="Voice recording" accept={VOICE_TYPES} onComplete={onDone} />
        </details>
      ) : null}
    </section>
  );
}
