import { useCallback, useState } from "react";
import { toast } from "../../ui/toast-store";
import { useWavRecorder } from "../media/use-wav-recorder";
import { TRAINING_PARAGRAPH } from "./poses";

/**
 * Records the training paragraph. `check`, when given, vets the recording before it counts
 * (zero-knowledge mode analyses it on the device) and returns why it was refused, or null.
 */
export function VoicePhase({
  onDone,
  check,
}: {
  onDone: (voice: Blob) => void;
  check?: (recording: Blob) => Promise<string | null>;
}) {
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
  const [checking, setChecking] = useState(false);
  const accept = async (recording: Blob) => {
    if (check) {
      setChecking(true);
      const reason = await check(recording).catch(() => "This browser could not analyse the recording");
      setChecking(false);
      if (reason) {
        toast({ title: "Record again", description: reason, variant: "destructive" });
        return;
      }
    }
    onDone(recording);
  };
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
            <button type="button" className="btn btn-secondary" disabled={checking} onClick={recorder.reset}>
              Try Again
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={checking}
              onClick={() => recorder.recording && void accept(recorder.recording)}
            >
              {checking ? "Analysing on this device…" : "Continue"}
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
