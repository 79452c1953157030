import { useCallback, useEffect, useRef, useState } from "react";

export const CAPTURE_WIDTH = 640;
export const CAPTURE_HEIGHT = 480;

/** Live camera at 640x480 and JPEG stills drawn from it through a canvas. */
export function useCamera(onError: (error: unknown) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [active, setActive] = useState(false);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setActive(false);
  }, []);

  const start = useCallback(async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { width: CAPTURE_WIDTH, height: CAPTURE_HEIGHT, facingMode: "user" },
        audio: false,
      });
      setActive(true);
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  }, [onError]);

  // The <video> mounts after `active` flips, so the stream is attached once it exists.
  useEffect(() => {
    const video = videoRef.current;
    if (active && video && stream.current && video.srcObject !== stream.current) {
      video.srcObject = stream.current;
      void video.play().catch(() => undefined);
    }
  });

  useEffect(() => stop, [stop]);

  const capture = useCallback(async (quality = 0.92): Promise<Blob | null> => {
    const video = videoRef.current;
    if (!video) return null;
    const canvas = document.createElement("canvas");
    canvas.width = CAPTURE_WIDTH;
    canvas.height = CAPTURE_HEIGHT;
    canvas.getContext("2d")?.drawImage(video, 0, 0, CAPTURE_WIDTH, CAPTURE_HEIGHT);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  }, []);

  return { videoRef, active, start, stop, capture };
}
