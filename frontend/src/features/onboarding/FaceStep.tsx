import { ConsentGate } from "../consent/ConsentGate";
import { UploadWidget } from "../uploads/UploadWidget";
import { EnrolledInTrainingStep } from "../zero-knowledge/ZeroKnowledgeNotice";
import type { SampleStepProps } from "./sample-step";

export const FACE_TYPES = ["image/jpeg", "image/png", "image/webp"];

export function FaceStep({ live, done, onDone, zeroKnowledge = false }: SampleStepProps) {
  if (live && zeroKnowledge)
    return <EnrolledInTrainingStep id="face-heading" title="Face authentication" sample="photo" />;
  return (
    <section aria-labelledby="face-heading">
      <h2 id="face-heading">Face authentication</h2>
      <p>Upload one clear, recent photo where your face is fully visible and you are the only person in it.</p>
      {live ? (
        <ConsentGate enabled>
          <UploadWidget kind="face" label="Face photo" accept={FACE_TYPES} onComplete={onDone} />
          {done ? <p className="text-ok">✓ Face photo enrolled</p> : null}
        </ConsentGate>
      ) : (
        <p className="banner banner-demo">Demo mode: uploads need an account, so this step is simulated.</p>
      )}
    </section>
  );
}
