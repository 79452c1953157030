import { useCallback, useEffect, useRef, useState } from "react";
import { encodeWav } from "./wav-encoder";

export type RecorderState = "idle" | "recording" | "stopped";

interface Capture {
  stream: MediaStream;
  context: AudioContext;
  processor: ScriptProcessorNode;
  chunks: Float32Array[];
}

/**
 * Records the microphone as raw PCM and encodes a WAV ourselves: MediaRecorder only gives
 * compressed formats, and the voice model needs plain PCM. Stops itself after `maxSeconds`.
 */
export function useWavRecorder(options: { maxSeconds?: number; onError: (error: unknown) => void }) {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const capture = useRef<Capture | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const { maxSeconds, onError } = options;

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    const c = capture.current;
    capture.current = null;
    if (!c) return null;
    c.processor.disconnect();
    for (const track of c.stream.getTracks()) track.stop();
    void c.context.close();
    return c;
  }, []);

  const stop = useCallback(() => {
    const c = release();
    if (!c) return;
    setRecording(encodeWav(c.chunks, c.context.sampleRate));
    setState("stopped");
  }, [release]);

  const start = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true } });
      const context = new AudioContext();
      const source = context.createMediaStreamSource(stream);
      const processor = context.createScriptProcessor(4096, 1, 1);
      const chunks: Float32Array[] = [];
      processor.onaudioprocess = (event) => chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
      source.connect(processor);
      processor.connect(context.destination);
      capture.current = { stream, context, processor, chunks };
      setRecording(null);
      setSeconds(0);
      setState("recording");
      timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
    } catch (error) {
      onError(error);
    }
  }, [onError]);

  useEffect(() => {
    if (state === "recording" && maxSeconds !== undefined && seconds >= maxSeconds) stop();
  }, [state, seconds, maxSeconds, stop]);

  useEffect(() => () => void release(), [release]);

  const reset = useCallback(() => {
    release();
    setRecording(null);
    setSeconds(0);
    setState("idle");
  }, [release]);

  return { state, seconds, recording, start, stop, reset };
}
