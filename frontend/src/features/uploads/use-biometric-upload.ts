import { UploadEnrolment, UploadUrl } from "@lg/domain/biometrics/web-contract";
import type { CreateUploadBody, RegisterUploadBody } from "@lg/domain/biometrics/web-requests";
import { useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { putWithProgress } from "./put-with-progress";

export type BiometricKind = "face" | "voice";
export type UploadPhase = "idle" | "uploading" | "processing" | "complete" | "error";

/**
 * The enrolment upload: ask for a presigned URL, PUT the file there, then ask the server to
 * process it. The server answers 422 with the reason a sample was refused (no face, silence…).
 */
export function useBiometricUpload(kind: BiometricKind) {
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: Blob): Promise<boolean> => {
    setError(null);
    setProgress(0);
    setPhase("uploading");
    let uploadURL: string;
    try {
      // The URL is signed for exactly this many bytes; the server refuses a file over the kind's limit here.
      ({ uploadURL } = await apiJson(
        "POST",
        `/api/upload/${kind}`,
        {
          size: file.size,
          ...(file.type ? { contentType: file.type } : {}),
        } satisfies CreateUploadBody,
        UploadUrl,
      ));
    } catch (e) {
      return fail(
        `Failed to get upload URL${e instanceof Error && e.message.startsWith("4") ? `: ${serverMessage(e)}` : ""}`,
      );
    }
    try {
      await putWithProgress(uploadURL, file, setProgress);
    } catch (e) {
      return fail(serverMessage(e));
    }
    setPhase("processing");
    try {
      const result = await apiJson(
        "PUT",
        `/api/biometric/${kind}`,
        { uploadURL } satisfies RegisterUploadBody,
        UploadEnrolment,
      );
      setPhase("complete");
      toast({
        title: kind === "face" ? "Face data processed" : "Voice data processed",
        // An unverified sample says what it withholds and how to verify (the server's `restriction`).
        description: result.restriction,
      });
      return true;
    } catch (e) {
      return fail(serverMessage(e));
    }
  };

  function fail(message: string): false {
    setPhase("error");
    setError(message);
    toast({ title: "Upload failed", description: message, variant: "destructive" });
    return false;
  }

  return { upload, phase, progress, error, reset: () => setPhase("idle") };
}
