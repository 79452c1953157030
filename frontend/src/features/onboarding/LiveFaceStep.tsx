import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFormData } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { Profile } from "../../api/types";
import { PROFILE_KEY } from "../preferences/profile-query";
import { FacePhase } from "../training/FacePhase";
import { POSES, trainingFormData } from "../training/poses";
import { UploadWidget } from "../uploads/UploadWidget";
import { EnrolledInTrainingStep } from "../zero-knowledge/ZeroKnowledgeNotice";

export const FACE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** "Photo 2 (Turn Left): ..." names the one capture the server refused: that pose alone is retaken. */
const refusedPose = (message: string) => {
  const n = Number(/^Photo (\d)\b/.exec(message)?.[1]);
  return n >= 1 && n <= POSES.length ? n - 1 : null;
};

function faceState(profile: Profile | undefined) {
  if (profile?.faceVerified) return { done: true, text: "✓ Face verified from a live camera capture" };
  if (profile?.faceEnrolled) {
    return {
      done: false,
      text: "Your uploaded photo is stored, but your face is not searched yet: scans look for it once you take the three live poses below, which verify the photo too. You can go on without them; until then only your voice (if you record it) is searched.",
    };
  }
  return { done: false, text: "No face enrolled yet." };
}

/**
 * The face, taken live: three guided poses from the camera, checked by the server (liveness, pose,
 * one face). A refused photo is retaken alone. Without a camera a photo can be uploaded: it is stored
 * but not searched until the live check verifies it, and the step says so.
 */
export function LiveFaceStep({ profile, zeroKnowledge }: { profile?: Profile; zeroKnowledge: boolean }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<"intro" | "camera" | "retake">("intro");
  const [faces, setFaces] = useState<Blob[]>([]);
  const [retake, setRetake] = useState<number | null>(null);
  const submit = useMutation({
    mutationFn: (photos: Blob[]) =>
      apiFormData<{ verified?: boolean }>("/api/biometric-training", trainingFormData(photos, null)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
    onError: (error) => setRetake(refusedPose(serverMessage(error))),
  });

  if (zeroKnowledge) return <EnrolledInTrainingStep id="face-heading" title="Face authentication" sample="photo" />;
  const state = faceState(profile);
  const send = (photos: Blob[]) => {
    setFaces(photos);
    setPhase("intro");
    submit.mutate(photos);
  };
  const retakePose = POSES[retake ?? 0];

  return (
    <section aria-labelledby="face-heading">
      <h2 id="face-heading">Your face</h2>
      <p className={state.done ? "text-ok" : ""} role="status">
        {submit.isPending ? "Checking your photos…" : state.text}
      </p>
      {phase === "camera" ? <FacePhase onDone={send} /> : null}
      {phase === "retake" && retake !== null ? (
        <FacePhase
          poses={[retake]}
          onDone={([photo]) => photo && send(faces.map((f, i) => (i === retake ? photo : f)))}
        />
      ) : null}
      {phase === "intro" && submit.isError ? (
        <div role="alert" className="banner">
          <p className="field-error">{serverMessage(submit.error)}</p>
          {retake !== null && faces.length === POSES.length ? (
            <button type="button" className="btn btn-primary" onClick={() => setPhase("retake")}>
              Retake photo {retake + 1} ({retakePose?.title})
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => setPhase("camera")}>
            Retake all photos
          </button>
        </div>
      ) : null}
      {phase === "intro" && !submit.isError && !state.done ? (
        <>
          <p>We take three photos with your camera: {POSES.map((p) => p.title.toLowerCase()).join(", ")}.</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={submit.isPending}
            onClick={() => setPhase("camera")}
          >
            Start camera
          </button>
          <details className="small">
            <summary>No camera? Upload a photo instead</summary>
            <p>
              An uploaded photo is stored but not searched: anyone can upload anyone's photo, so scans look for your
              face only once the three live poses show it is yours. They verify the uploaded photo too.
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
