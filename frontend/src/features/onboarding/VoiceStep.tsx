import { LiveCheckResult } from "@lg/domain/biometrics/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { apiFormData } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { useWavRecorder } from "../media/use-wav-recorder";
import { PROFILE_KEY } from "../preferences/profile-query";
import { voiceFormData } from "../training/poses";
import { UploadWidget } from "../uploads/UploadWidget";
import { EnrolledInTrainingStep } from "../zero-knowledge/ZeroKnowledgeNotice";
import type { SampleStepProps } from "./sample-step";

export const VOICE_AUTO_STOP_SECONDS = 10;
/** What the server reads (packages/domain/src/biometrics/media-type.ts). */
const VOICE_TYPES = ["audio/wav", "audio/x-wav", "audio/webm", "audio/ogg", "audio/mpeg", "audio/mp4", "audio/flac"];
export const VOICE_PHRASE =
  "My voice is my own. I am recording this sample so that LikenessGuard can recognise my voice and protect it from being cloned.";

export function VoiceStep({ live, done, onDone, zeroKnowledge = false, verified = true }: VoiceStepProps) {
  if (live && zeroKnowledge) {
    return <EnrolledInTrainingStep id="voice-heading" title="Your voice" sample="recording" />;
  }
  return <VoiceRecorderStep live={live} done={done} onDone={onDone} verified={verified} />;
}

type VoiceStepProps = SampleStepProps & {
  /** Whether the enrolled voice is verified: an uploaded recording is not, until a live one matches it. */
  verified?: boolean;
};

/**
 * A recording made here is sent as a live capture (POST /api/biometric-training, the voice alone):
 * the server hears it, but it is verified only if it is the voice that read a live check's words
 * (docs/privacy.md, "The voice: a random phrase said live"); otherwise it is kept unverified.
 */
function useLiveVoice(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recording: Blob) => apiFormData("/api/biometric-training", voiceFormData(recording), LiveCheckResult),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      onDone();
    },
  });
}

function VoiceRecorderStep({ live, done, onDone, verified }: VoiceStepProps) {
  const onError = useCallback(
    () => toast({ title: "Recording failed", description: "Could not access microphone", variant: "destructive" }),
    [],
  );
  const recorder = useWavRecorder({ maxSeconds: VOICE_AUTO_STOP_SECONDS, onError });
  const upload = useLiveVoice(onDone);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!recorder.recording) return setAudioUrl(null);
    const url = URL.createObjectURL(recorder.recording);
    setAudioUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [recorder.recording]);

  const busy = upload.isPending;
  return (
    <section aria-labelledby="voice-heading">
      <h2 id="voice-heading">Your voice</h2>
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
            disabled={busy || upload.isSuccess}
            onClick={() => upload.mutate(recorder.recording as Blob)}
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
        {busy ? "Checking the sample…" : ""}
      </p>
      {audioUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a playback of the person's own recording has no captions to offer
        <audio controls src={audioUrl} aria-label="Your recording" />
      ) : null}
      {upload.isError ? <p className="field-error">{serverMessage(upload.error)}</p> : null}
      {done && verified ? (
        <p className="text-ok">
          ✓ Voice sample enrolled and verified: it is the voice that read your live check's words
        </p>
      ) : null}
      {done && !verified ? (
        <p role="status">
          Your recording is searched but not verified: no takedown notice goes out in your name on a clone of it until
          you take the live check in Biometric Training and read its words aloud, in the same voice.
        </p>
      ) : null}
      {live && !done ? (
        <details className="small">
          <summary>Upload a recording instead</summary>
          <p>
            A recording you upload is searched but stored as not verified (anyone can upload anyone's voice): no notice
            goes out in your name on a clone of it until it matches the voice that read a live check's words aloud.
          </p>
          <UploadWidget kind="voice" label="Voice recording" accept={VOICE_TYPES} onComplete={onDone} />
        </details>
      ) : null}
    </section>
  );
}
