import { useState } from "react";
import type { NoPictureReason, Threat } from "../../api/types";

/** What a row without a picture says in its place, so an empty square never stands for "nothing". */
const NO_PICTURE: Record<NoPictureReason | "failed", string> = {
  voice: "Voice clip — no picture",
  "evidence-not-kept": "Evidence not kept",
  "not-a-picture": "No picture in what was found",
  failed: "Picture could not be loaded",
};

/** The server names the reason; a threat from an older answer is judged by its type and evidence. */
function missingReason(threat: Threat): NoPictureReason {
  if (threat.noPicture) return threat.noPicture;
  if (threat.threatType === "voice_clone" || threat.contentType?.startsWith("audio/")) return "voice";
  return threat.evidenceData ? "not-a-picture" : "evidence-not-kept";
}

function altText(threat: Threat): string {
  if (threat.threatType === "intimate_imagery") return "Intimate content, blurred";
  if (threat.contentType?.startsWith("video/")) return "Censored video frame";
  if (threat.contentType === "profile") return "Censored profile picture";
  return "Censored picture of what was found";
}

/**
 * A threat row's picture: the server's small censored JPEG of what the threat rests on (the found
 * picture, the impersonator's avatar, a video's frame), or a labelled placeholder saying why there
 * is none. Intimate imagery is blurred past recognition by the server and again here. While the
 * picture loads its square is a light skeleton of the same size, so nothing shifts and nothing
 * looks like a black picture.
 */
export function ThreatThumbnail({ threat }: { threat: Threat }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const url = threat.thumbnailUrl ?? threat.previewUrl;
  const intimate = threat.threatType === "intimate_imagery";
  if (!url || state === "failed") {
    const text = NO_PICTURE[url ? "failed" : missingReason(threat)];
    return (
      <span className="thumb thumb-none" role="img" aria-label={text}>
        <span aria-hidden="true">{text}</span>
      </span>
    );
  }
  const classes = ["thumb", intimate ? "thumb-intimate" : "", state === "loading" ? "thumb-loading" : ""];
  return (
    <span className={classes.filter(Boolean).join(" ")}>
      <img
        src={url}
        alt={altText(threat)}
        loading="lazy"
        decoding="async"
        width={72}
        height={72}
        onLoad={() => setState("loaded")}
        onError={() => setState("failed")}
      />
      {intimate ? (
        <span className="thumb-label" aria-hidden="true">
          Blurred
        </span>
      ) : null}
    </span>
  );
}
