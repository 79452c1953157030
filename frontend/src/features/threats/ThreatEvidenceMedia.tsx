import { matchBand } from "@lg/domain/threats/match-band";
import { signalLabel } from "@lg/domain/threats/signal-names";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { Threat } from "../../api/types";
import { THREATS_KEY, threatMediaQuery } from "./queries";

/** 75.5 s as "1:15.5": a listener finds the spot on the player's own clock. */
export function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const tenths = Math.round((seconds - whole) * 10);
  const s = whole % 60;
  return `${Math.floor(whole / 60)}:${String(s).padStart(2, "0")}${tenths > 0 && tenths < 10 ? `.${tenths}` : ""}`;
}

/** "0:04 · strong face match · Face-swap detector": when, and what was found in it (a band, not a percentage). */
function frameCaption(frame: { timeSeconds: number; confidence?: number; findings?: string[] }): string {
  const found = (frame.findings ?? (frame.confidence !== undefined ? ["face-match"] : [])).map((finding) => {
    if (finding === "face-match") return `${matchBand(frame.confidence ?? 0)} face match`;
    if (finding === "intimate") return "explicit content";
    return signalLabel(finding);
  });
  return [clock(frame.timeSeconds), ...found].join(" · ");
}

/**
 * What the match rests on, from the stored evidence package: for a video the frames whose face
 * matched (censored by the server), for a voice the recording with where its speech is.
 */
export function ThreatEvidenceMedia({ threat }: { threat: Threat }) {
  const enabled = !threat.demo && Boolean(threat.evidenceData);
  const facts = useQuery(threatMediaQuery(threat.id, enabled));
  if (!enabled || !facts.data) return null;
  const { frames = [], speech = [], audioAvailable = false, intimate = false } = facts.data;
  if (frames.length === 0 && !audioAvailable) return null;
  return (
    <section aria-labelledby={`media-${threat.id}`} className="evidence-media">
      <h3 id={`media-${threat.id}`}>What the match rests on</h3>
      {frames.length > 0 ? (
        <>
          <p className="small">
            The video frames the findings rest on, censored{intimate ? " (intimate content, blurred more)" : ""}:
          </p>
          <ul className="frame-grid">
            {frames.map((frame) => (
              <li key={frame.index}>
                <figure>
                  <img
                    className={intimate ? "frame frame-intimate" : "frame"}
                    src={`/api/threats/${encodeURIComponent(threat.id)}/media/frames/${frame.index}`}
                    alt={`Censored frame at ${clock(frame.timeSeconds)}`}
                    loading="lazy"
                  />
                  <figcaption className="small">{frameCaption(frame)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {audioAvailable ? <VoiceEvidence threatId={threat.id} speech={speech} /> : null}
    </section>
  );
}

/** An object URL for a blob while it is shown, released after. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * The recording, fetched as a query (a lapsed session reaches the app's sign-in handling) and
 * played from memory, so seeking to the matched speech needs no range requests; played from there.
 */
function VoiceEvidence({ threatId, speech }: { threatId: string; speech: { startS: number; endS: number }[] }) {
  const player = useRef<HTMLAudioElement>(null);
  const recording = useQuery({
    queryKey: [...THREATS_KEY, "audio", threatId],
    queryFn: async () => (await apiRequest("GET", `/api/threats/${encodeURIComponent(threatId)}/media/audio`)).blob(),
    // Megabytes of sound are not kept once the details close.
    gcTime: 0,
  });
  const url = useObjectUrl(recording.data);
  const source = { url, error: recording.isError ? serverMessage(recording.error) : undefined };
  const from = speech[0]?.startS;
  const to = speech.at(-1)?.endS;

  const playMatched = () => {
    const audio = player.current;
    if (!audio || from === undefined) return;
    audio.currentTime = from;
    void audio.play();
  };
  // Playing the matched speech stops where it ends; the player's own controls still reach the rest.
  const stopAtEnd = () => {
    const audio = player.current;
    if (audio && to !== undefined && audio.dataset.matched === "true" && audio.currentTime >= to) {
      audio.pause();
      audio.dataset.matched = "false";
    }
  };

  return (
    <div className="voice-evidence">
      <p className="small">
        The captured recording
        {from !== undefined && to !== undefined
          ? `; the voice match was read from the speech between ${clock(from)} and ${clock(to)}.`
          : "."}
      </p>
      {source.error ? (
        <p className="small" role="alert">
          The recording could not be loaded: {source.error}
        </p>
      ) : source.url ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: a captured third-party recording has no captions to offer; its transcript is not part of the evidence */}
          <audio
            ref={player}
            controls
            preload="metadata"
            src={source.url}
            aria-label="Recording of the matched voice"
            onTimeUpdate={stopAtEnd}
          />
          {from !== undefined ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => {
                if (player.current) player.current.dataset.matched = "true";
                playMatched();
              }}
            >
              Play the matched speech ({clock(from)}–{clock(to ?? from)})
            </button>
          ) : null}
        </>
      ) : (
        <p className="small muted" role="status">
          Loading the recording…
        </p>
      )}
    </div>
  );
}
