import { useState } from "react";
import type { ThreatListItem } from "./triage-types";

/** Voice and profile threats have no picture of the content; say what they are instead. */
function placeholderText(threat: ThreatListItem): string {
  if (threat.threatType === "voice_clone" || threat.contentType?.startsWith("audio/")) return "Voice";
  if (threat.contentType === "profile" || threat.threatType === "impersonation") return "Profile";
  return "No picture";
}

/** A video has no single picture: the first frame its verdict rests on stands for it, censored too. */
function videoFrameUrl(threat: ThreatListItem): string | undefined {
  if (threat.demo || !threat.contentType?.startsWith("video/")) return undefined;
  return `/api/threats/${encodeURIComponent(threat.id)}/media/frames/0`;
}

/**
 * The server's censored JPEG of what the threat rests on, small. Intimate imagery is blurred again
 * here, so no one glancing at the screen can make it out.
 */
export function ThreatThumbnail({ threat }: { threat: ThreatListItem }) {
  const [failed, setFailed] = useState(false);
  const picture = threat.thumbnailUrl ?? threat.previewUrl;
  const url = picture ?? videoFrameUrl(threat);
  const isFrame = !picture && url !== undefined;
  const intimate = threat.threatType === "intimate_imagery";
  if (!url || failed) {
    return (
      <span className="thumb thumb-none" aria-hidden="true">
        {placeholderText(threat)}
      </span>
    );
  }
  return (
    <span className={intimate ? "thumb thumb-intimate" : "thumb"}>
      <img
        src={url}
        alt={intimate ? "Intimate content, blurred" : isFrame ? "Censored video frame" : "Censored preview"}
        loading="lazy"
        width={72}
        height={72}
        onError={() => setFailed(true)}
      />
      {intimate ? (
        <span className="thumb-label" aria-hidden="true">
          Blurred
        </span>
      ) : null}
    </span>
  );
}
