/**
 * A demo persona: the person who enrols. Face and voice come from different labelled identities
 * (the shared data has no one with both), so the persona is a composite, and says so.
 */
export interface Persona {
  id: string;
  displayName: string;
  handle: string;
  /** Look-alike handles used by planted impersonating accounts. */
  impersonatorHandles: string[];
  faceSubject: string;
  /** The file to enrol; planted items use other files of the same subject. */
  faceEnrolment: string;
  voiceSubject: string;
  voiceEnrolment: string;
}

export const personas: Record<string, Persona> = {
  obama: {
    id: "obama",
    displayName: "Barack Obama",
    handle: "barackobama",
    impersonatorHandles: ["barack0bama", "barack_obarna", "realbarackobama_"],
    faceSubject: "fr:obama",
    faceEnrolment: "faces/face_recognition/examples/knn_examples/train/obama/obama.jpg",
    voiceSubject: "tortoise:tom",
    voiceEnrolment: "spoof-audio/tortoise-tts/real/tom/1.wav",
  },
  biden: {
    id: "biden",
    displayName: "Joe Biden",
    handle: "joebiden",
    impersonatorHandles: ["joebiden_", "j0ebiden"],
    faceSubject: "fr:biden",
    faceEnrolment: "faces/face_recognition/examples/knn_examples/train/biden/biden.jpg",
    voiceSubject: "tortoise:pat",
    voiceEnrolment: "spoof-audio/tortoise-tts/real/pat/1.wav",
  },
};
