import { useCallback } from "react";
import { toast } from "../../ui/toast-store";
import { useCamera } from "../media/use-camera";

/** The capture steps' camera: a refused or missing camera is told the same way on each of them. */
export function useTrainingCamera() {
  const onError = useCallback(
    () =>
      toast({
        title: "Camera Error",
        description: "Unable to access camera. Please check permissions.",
        variant: "destructive",
      }),
    [],
  );
  return useCamera(onError);
}
