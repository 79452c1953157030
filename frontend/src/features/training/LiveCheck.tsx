import { colourAt, SCREEN_COLOURS, type ScreenColour } from "@lg/domain/biometrics/screen-light";
import { LiveChallenge, LiveCheckResult } from "@lg/domain/biometrics/web-contract";
import { useEffect, useRef, useState } from "react";
import { apiFormData, apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { useTrainingCamera } from "./use-training-camera";

type ChallengePose = LiveChallenge["poses"][number]["pose"];

/** A screen colour at full brightness, to light the face as much as the screen can. */
const cssColour = (colour: ScreenColour) => `rgb(${SCREEN_COLOURS[colour].map((v) => v * 255).join(",")})`;

/** How often the page checks whether the next colour is due: well inside the server's 300 ms settling time. */
const COLOUR_TICK_MS = 25;

/** What POST /api/biometric-training answers for a live check (the web contract's). */
export type { LiveCheckResult };

const PROMPTS: Record<ChallengePose, string> = {
  front: "Look straight at the camera",
  left: "Turn your head to your left",
  right: "Turn your head to your right",
};

/** Multipart body of the burst: frame0..N as JPEG, their times, the challenge they answer, and the recording made meanwhile. */
function burstFormData(challengeId: string, frames: { blob: Blob; atMs: number }[], voice: Blob | null): FormData {
  const form = new FormData();
  form.append("challengeId", challengeId);
  form.append("frameTimes", frames.map((f) => Math.round(f.atMs)).join(","));
  for (const [i, frame] of frames.entries()) form.append(`frame${i}`, frame.blob, `frame-${i}.jpg`);
  if (voice && voice.size > 0) form.append("voiceRecording", voice, "phrase.webm");
  return form;
}

/**
 * Records the microphone while the check runs, so the person reading the phrase is heard in the
 * same session as the face. Without a microphone (or permission) the check goes on with the face alone.
 */
async function startPhraseRecording(): Promise<(() => Promise<Blob | null>) | null> {
  if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return null;
  }
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  recorder.start();
  return () =>
    new Promise((resolve) => {
      recorder.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        resolve(chunks.length > 0 ? new Blob(chunks, { type: recorder.mimeType }) : null);
      };
      recorder.stop();
    });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A refusal as the server words it: what to do first; the rule's own reason (after "Details:") folded
 * away, for support or the curious.
 */
export function LiveCheckFailure({ message }: { message: string }) {
  const [said, details] = message.split(". Details: ");
  return (
    <div role="alert" className="field-error">
      <p>{said}</p>
      {details ? (
        <details className="small">
          <summary>Technical reason</summary>
          {details}
        </details>
      ) : null}
    </div>
  );
}

/**
 * The server-checked live capture: the server picks the order and timing of three head poses and a
 * sequence of screen colours; the page fills the screen with each colour when its time comes (so it
 * lights the face), shows each prompt, and sends a burst of camera frames taken meanwhile. The server
 * checks the frames follow the prompts with one person turning smoothly, their face reflecting the
 * colours (docs/privacy.md says what that proves and what it cannot). `onDone` gets the server's
 * answer; a face held for review is explained here before the person goes on.
 */
export function LiveCheck({ onDone }: { onDone: (result: LiveCheckResult) => void }) {
  const camera = useTrainingCamera();
  const { start, stop } = camera;
  const [state, setState] = useState<"ready" | "running" | "checking" | "failed" | "held">("ready");
  const [pose, setPose] = useState<ChallengePose | null>(null);
  const [phrase, setPhrase] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [held, setHeld] = useState<LiveCheckResult | null>(null);
  const running = useRef(false);
  /** The section that fills the screen during the check; its colour is set directly, without a render, to keep time. */
  const lit = useRef<HTMLElement>(null);

  const colourTimer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const stopColours = () => {
    clearInterval(colourTimer.current);
    if (!lit.current) return;
    lit.current.style.background = "";
    delete lit.current.dataset.liveColour;
  };

  useEffect(() => {
    void start();
    return () => {
      clearInterval(colourTimer.current);
      stop();
    };
  }, [start, stop]);

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setState("running");
    let stopRecording: (() => Promise<Blob | null>) | null = null;
    try {
      const challenge = await apiJson("POST", "/api/biometric-training/challenge", undefined, LiveChallenge);
      setPhrase(challenge.phrase ?? []);
      stopRecording = challenge.phrase ? await startPhraseRecording() : null;
      const length = challenge.poses.at(-1)?.endMs ?? 0;
      const frames: { blob: Blob; atMs: number }[] = [];
      const started = performance.now();
      const showColour = () => {
        const colour = colourAt(challenge.colours, performance.now() - started);
        if (!lit.current || !colour || lit.current.dataset.liveColour === colour) return;
        lit.current.style.background = cssColour(colour);
        lit.current.dataset.liveColour = colour;
      };
      showColour();
      colourTimer.current = setInterval(showColour, COLOUR_TICK_MS);
      // One frame each interval until the last pose's time is over; each prompt shows when its window opens.
      for (let elapsed = 0; elapsed <= length; elapsed = performance.now() - started) {
        setPose(challenge.poses.find((p) => elapsed < p.endMs)?.pose ?? challenge.poses.at(-1)?.pose ?? null);
        const atMs = performance.now() - started;
        const blob = await camera.capture(0.8);
        if (blob) frames.push({ blob, atMs });
        await wait(Math.max(0, challenge.frameIntervalMs - (performance.now() - started - atMs)));
      }
      stopColours();
      setPose(null);
      setPhrase([]);
      setState("checking");
      const recording = stopRecording;
      stopRecording = null;
      const voice = recording ? await recording() : null;
      const result = await apiFormData(
        "/api/biometric-training",
        burstFormData(challenge.challengeId, frames, voice),
        LiveCheckResult,
      );
      camera.stop();
      if (result.review === "pending") {
        setHeld(result);
        setState("held");
        return;
      }
      onDone(result);
    } catch (error) {
      stopColours();
      setPose(null);
      setPhrase([]);
      await stopRecording?.();
      setMessage(serverMessage(error));
      setState("failed");
    } finally {
      running.current = false;
    }
  };

  if (state === "held" && held) {
    return (
      <section aria-labelledby="live-check-heading">
        <h2 id="live-check-heading">Live check: held for review</h2>
        <p role="alert" className="banner">
          {held.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => onDone(held)}>
          Continue
        </button>
      </section>
    );
  }

  return (
    <section
      ref={lit}
      aria-labelledby="live-check-heading"
      className={state === "running" ? "live-check-lit" : undefined}
    >
      <h2 id="live-check-heading">Live check</h2>
      <p>
        When you start, follow the prompts: the server picks the order and timing each time, so keep your face in view
        and turn your head steadily, not in a snap, as each prompt asks. The screen will flash colours to light your
        face: turn its brightness up and sit close. Words will show too: read them aloud, again and again, until the
        check ends, so we hear your voice live as well. It takes about ten seconds.
      </p>
      {state === "running" && phrase.length > 0 ? (
        <p className="live-phrase" data-live-phrase={phrase.join(" ")}>
          Keep reading aloud: <strong>{phrase.join(" ")}</strong>
        </p>
      ) : null}
      <p className="live-prompt" role="status" aria-live="assertive" data-live-pose={pose ?? ""}>
        {state === "running" && pose ? <strong>{PROMPTS[pose]}</strong> : null}
        {state === "running" && !pose ? "Getting ready…" : null}
        {state === "checking" ? "Checking the live capture…" : null}
      </p>
      <div className="video-frame">
        {camera.active ? (
          <video ref={camera.videoRef} playsInline muted aria-label="Live camera preview" />
        ) : (
          <p style={{ color: "#fff", padding: "1rem" }}>Waiting for camera…</p>
        )}
      </div>
      {state === "failed" ? <LiveCheckFailure message={message} /> : null}
      <div className="button-row" style={{ alignItems: "center" }}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!camera.active || state === "running" || state === "checking"}
          onClick={() => void run()}
        >
          {state === "failed" ? "Try the live check again" : "Start live check"}
        </button>
        {!camera.active ? (
          <button type="button" className="btn btn-secondary" onClick={() => void camera.start()}>
            Retry camera
          </button>
        ) : null}
      </div>
    </section>
  );
}
