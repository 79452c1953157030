import { speakerModel, vadModel } from "../models/registry.js";
import { assessVoiceWith, type EnrolmentAssessment } from "./enrolment-gates.js";

export { type EnrolmentAssessment, MIN_ENROLMENT_SPEECH_SECONDS, voiceEnrolmentReasons } from "./enrolment-gates.js";

/** The enrolment gates on onnxruntime-node (the browser build runs the same gates on onnxruntime-web). */
export function assessVoiceForEnrolment(pcm16k: Float32Array): Promise<EnrolmentAssessment> {
  return assessVoiceWith(
    { speechProbabilities: (pcm) => vadModel().predict(pcm), embedUtterance: (wav) => speakerModel().predict(wav) },
    pcm16k,
  );
}
