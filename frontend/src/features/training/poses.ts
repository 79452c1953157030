export const POSES = [
  { title: "Face Forward", instruction: "Look straight at the camera with a neutral expression." },
  { title: "Turn Left", instruction: "Turn your head about 45 degrees to the left." },
  { title: "Turn Right", instruction: "Turn your head about 45 degrees to the right." },
] as const;

export const TRAINING_PARAGRAPH =
  "Artificial intelligence can now imitate faces and voices with remarkable accuracy. By recording this paragraph, I help build a private voice profile that lets LikenessGuard recognise when someone uses a synthetic copy of my voice without my consent.";

/** Multipart body of POST /api/biometric-training: faceImage0..2 as JPEG, voiceRecording as WAV. */
export function trainingFormData(faces: Blob[], voice: Blob | null): FormData {
  const form = new FormData();
  for (const [i, face] of faces.entries()) form.append(`faceImage${i}`, face, `face-${i}.jpg`);
  if (voice) form.append("voiceRecording", voice, "voice.wav");
  return form;
}
