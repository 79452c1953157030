/**
 * @lg/detection: whose face and voice a piece of media holds, and whether it is synthetic.
 * Scanning calls analyseMedia; enrolment calls inspectImageForEnrolment and the voice functions.
 */
export { type AnalyseOptions, type AnalysisWithFindings, analyseMedia, analyseMediaWithFindings } from "./analyse.js";
export { scoreSynthetic } from "./antispoof/index.js";
export { engineVersion } from "./engine-version.js";
export { faceCalibration } from "./face/calibration.js";
export { faceDescriptors } from "./face/descriptors.js";
export {
  defaultEnrolmentGates,
  type EnrolmentGates,
  type EnrolmentInspection,
  enrolmentGateReasons,
  enrolmentGatesFor,
  inspectImageForEnrolment,
} from "./face/enrolment.js";
export { type FrameLight, frameLight, inspectLiveFrame, type LiveFrameInspection } from "./face/live-frame.js";
export { matchFace } from "./face/match.js";
export { fuseSignals, SYNTHETIC_THRESHOLD } from "./fusion.js";
export {
  type Calibration,
  confidenceFromDistance,
  type EnrolledIdentity,
  type IdentityMatch,
  type MatchLimit,
} from "./identity.js";
export { type Identities, type IdentityMatcher, identityMatcher } from "./identity-matcher.js";
export { decodeAudio, probeDurationSeconds } from "./media/audio.js";
export { censoredPreview, censoredThumbnail } from "./media/censored-preview.js";
export { MediaError, type MediaErrorCode } from "./media/errors.js";
export { defaultLimits, type MediaLimits } from "./media/limits.js";
export { type SniffedType, sniffMediaType } from "./media/sniff.js";
export type * from "./result.js";
export type { ReusableFindings } from "./reusable-findings.js";
export {
  assessVoiceForEnrolment,
  detectSpeech,
  matchVoice,
  speakerEmbedding,
  voiceCalibration,
} from "./voice/index.js";
