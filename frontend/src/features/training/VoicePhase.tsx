import { useCallback } from "react";
import { toast } from "../../ui/toast-store";
import { useWavRecorder } from "../media/use-wav-recorder";
import { TRAINING_PARAGRAPH } from "./poses";

export function VoicePhase({ onDone }: { onDone: (voice: Blob) => void }) {
  const onError = useCallback(
    () =>
      toast({
        title: "Microphone Error",
        description: "Unable to access microphone. Please check permissions.",
        variant: "destructive",
      }),
    [],
  );
  const recorder = useWavRecorder({ onError });
  return (
    <section aria-labelledby="voice-phase-heading">
      <h2 id="voice-phase-heading">Voice Training</h2>
      <p>Read this paragraph aloud at a natural pace:</p>
      <blockquote className="reading">{TRAINING_PARAGRAPH}</blockquote>
      <div className="button-row">
        {recorder.state === "idle" ? (
          <button type="button" className="btn btn-primary" onClick={recorder.start}>
            Start Recording
          </button>
        ) : null}
        {recorder.state === "recording" ? (
          <button type="button" className="btn btn-danger" onClick={recorder.stop}>
            Stop Recording ({recorder.seconds}s)
          </button>
        ) : null}
        {recorder.state === "stopped" && recorder.recording ? (
          <>
            <p className="text-ok" style={{ margin: 0, alignSelf: "center" }}>
              Recording Complete ({recorder.seconds}s)
            </p>
            <button type="button" className="btn btn-secondary" onClick={recorder.reset}>
              Try Again
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => recorder.recording && onDone(recorder.recording)}
            >
              Continue
            </button>
          </>
        ) : null}
      </div>
      <p role="status" className="small muted">
        {recorder.state === "recording" ? `Recording… ${recorder.seconds} seconds` : ""}
      </p>
    </section>
  );
}
