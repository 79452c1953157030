export const POSES = [
  { title: "Face Forward", instruction: "Look straight at the camera with a neutral expression." },
  { title: "Turn Left", instruction: "Turn your head about 45 degrees to the left." },
  { title: "Turn Right", instruction: "Turn your head about 45 degrees to the right." },
] as const;

export const TRAINING_PARAGRAPH =
  "Artificial intelligence can now imitate faces and voices with remarkable accuracy. By recording this paragraph, I help build a private voice profile that lets LikenessGuard recognise when someone uses a synthetic copy of my voice without my consent.";

/** Multipart body of POST /api/biometric-training carrying a voice recording alone (the face goes with its live check). */
export function voiceFormData(voice: Blob): FormData {
  const form = new FormData();
  form.append("voiceRecording", voice, "voice.wav");
  return form;
}
