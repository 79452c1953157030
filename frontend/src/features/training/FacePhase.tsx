import { useEffect, useState } from "react";
import { toast } from "../../ui/toast-store";
import { POSES } from "./poses";
import { useTrainingCamera } from "./use-training-camera";

const ALL_POSES = POSES.map((_, i) => i);

/**
 * Live camera with three guided captures; the camera stops after the last. `check`, when given,
 * vets each capture before it counts (zero-knowledge mode analyses it on the device) and returns
 * the reason to retake it, or null. `poses` limits the captures to those poses (a retake of just
 * the photo the server refused); `onDone` gets them in that order.
 */
export function FacePhase({
  onDone,
  check,
  poses = ALL_POSES,
}: {
  onDone: (faces: Blob[]) => void;
  check?: (photo: Blob, poseIndex: number) => Promise<string | null>;
  poses?: readonly number[];
}) {
  const camera = useTrainingCamera();
  const [faces, setFaces] = useState<Blob[]>([]);
  const [thumbs, setThumbs] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const { start, stop } = camera;

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);
  useEffect(
    () => () => {
      for (const t of thumbs) URL.revokeObjectURL(t);
    },
    [thumbs],
  );

  const taken = faces.length;
  const index = poses[Math.min(taken, poses.length - 1)] ?? 0;
  const pose = POSES[index] ?? POSES[0];
  const capture = async () => {
    const blob = await camera.capture();
    if (!blob) return;
    if (check) {
      setChecking(true);
      const reason = await check(blob, index).catch(() => "This browser could not analyse the photo");
      setChecking(false);
      if (reason) {
        toast({ title: `Retake: ${pose.title}`, description: reason, variant: "destructive" });
        return;
      }
    }
    const next = [...faces, blob];
    setFaces(next);
    setThumbs((t) => [...t, URL.createObjectURL(blob)]);
    if (next.length === poses.length) {
      camera.stop();
      onDone(next);
    }
  };

  return (
    <section aria-labelledby="face-phase-heading">
      <h2 id="face-phase-heading">
        Face Training: {index + 1} of {POSES.length}
      </h2>
      <p>
        <strong>{pose.title}</strong> — {pose.instruction}
      </p>
      <div className="video-frame">
        {camera.active ? (
          <video ref={camera.videoRef} playsInline muted aria-label="Live camera preview" />
        ) : (
          <p style={{ color: "#fff", padding: "1rem" }}>Waiting for camera…</p>
        )}
      </div>
      <div className="button-row" style={{ alignItems: "center" }}>
        <button type="button" className="btn btn-primary" disabled={!camera.active || checking} onClick={capture}>
          {checking ? "Analysing on this device…" : `Capture Photo ${index + 1}/${POSES.length}`}
        </button>
        {!camera.active ? (
          <button type="button" className="btn btn-secondary" onClick={() => void camera.start()}>
            Retry camera
          </button>
        ) : null}
        <div className="dots" role="img" aria-label={`${taken} of ${poses.length} photos captured`}>
          {poses.map((p, i) => (
            <span key={p} className={`dot${i < taken ? " done" : ""}`} />
          ))}
        </div>
      </div>
      {thumbs.length > 0 ? (
        <div className="thumbs">
          {thumbs.map((src, i) => (
            <img key={src} src={src} alt={`Captured pose: ${POSES[poses[i] ?? 0]?.title ?? ""}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
