import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Profile } from "../../api/types";
import { PROFILE_KEY } from "../preferences/profile-query";
import { LiveCheck } from "../training/LiveCheck";
import { UploadWidget } from "../uploads/UploadWidget";
import { EnrolledInTrainingStep } from "../zero-knowledge/ZeroKnowledgeNotice";

export const FACE_TYPES = ["image/jpeg", "image/png", "image/webp"];

function faceState(profile: Profile | undefined) {
  const face = profile?.likenessEnrolment?.face;
  // Under review (held, or verified first and challenged): said as the server says it, and the live
  // check offered again, which is what the review asks for (docs/privacy.md, "One face, one account").
  if (face?.pendingReview && face.restriction) return { done: false, text: face.restriction };
  if (profile?.faceVerified) return { done: true, text: "✓ Face verified from a live camera capture" };
  // Verified before the live check: why it no longer counts, and the live check below verifies it again.
  if (face?.reverifyNeeded && face.restriction) return { done: false, text: face.restriction };
  if (profile?.faceEnrolled) {
    return {
      done: false,
      text: "Your uploaded photo is stored, but your face is not searched yet: scans look for it once you take the live check below, which verifies the photo too. You can go on without it; until then only your voice (if you record it) is searched.",
    };
  }
  return { done: false, text: "No face enrolled yet." };
}

/**
 * The face, taken live: the server's live check (poses in an order and timing it picks, a burst of
 * frames it checks itself). Without a camera a photo can be uploaded: it is stored but not searched
 * until the live check verifies it, and the step says so.
 */
export function LiveFaceStep({ profile, zeroKnowledge }: { profile?: Profile; zeroKnowledge: boolean }) {
  const queryClient = useQueryClient();
  const [camera, setCamera] = useState(false);

  if (zeroKnowledge) return <EnrolledInTrainingStep id="face-heading" title="Face authentication" sample="photo" />;
  const state = faceState(profile);

  return (
    <section aria-labelledby="face-heading">
      <h2 id="face-heading">Your face</h2>
      {/* While the live check is open it speaks for itself (a held face is explained there, not under "no face"). */}
      {camera ? null : (
        <p className={profile?.faceVerified ? "text-ok" : ""} role="status">
          {state.text}
        </p>
      )}
      {camera ? (
        <LiveCheck
          onDone={() => {
            setCamera(false);
            void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
          }}
        />
      ) : null}
      {!camera && !state.done ? (
        <>
          <p>
            A live check with your camera: the server asks you to look at the camera and turn your head left and right,
            in an order and timing it picks.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setCamera(true)}>
            Start camera
          </button>
          <details className="small">
            <summary>No camera? Upload a photo instead</summary>
            <p>
              An uploaded photo is stored but not searched: anyone can upload anyone's photo, so scans look for your
              face only once the live check shows it is yours. It verifies the uploaded photo too.
            </p>
            <UploadWidget
              kind="face"
              label="Face photo"
              accept={FACE_TYPES}
              onComplete={() => void queryClient.invalidateQueries({ queryKey: PROFILE_KEY })}
            />
          </details>
        </>
      ) : null}
    </section>
  );
}
