import {
  assessVoiceForEnrolment,
  decodeAudio,
  type EnrolmentInspection,
  enrolmentGateReasons,
  enrolmentGatesFor,
  inspectImageForEnrolment,
  inspectLiveFrame,
  MediaError,
  matchFace,
} from "@lg/detection";
import { prepareSpeechRecogniser, RECOGNISER_MAX_SECONDS, transcribeSpeech } from "@lg/detection/speech/transcribe";
import { MIN_ENROLMENT_SPEECH_SECONDS, matchVoice, voiceEnrolmentReasons } from "@lg/detection/voice/index";
import { faceQualityReason } from "@lg/domain/biometrics/capture-rules";
import type {
  BiometricAnalyser,
  FacePhotoAnalysis,
  LiveFrameAnalysis,
  ReportedFace,
  ReportedVoice,
  VoiceAnalysis,
} from "@lg/domain/biometrics/ports";
import { voiceQualityReason } from "@lg/domain/biometrics/voice-rules";
import { imagePerceptualHash } from "../analysis/likeness-analyser.js";

const SAME_FACE_MIN_CONFIDENCE = 50;
/** The scan's own match floor (MATCH_FLOOR_PERCENT): a voice that would match in a scan is the same speaker. */
const SAME_VOICE_MIN_CONFIDENCE = 50;

const voiceReason = (reason: string, speechSeconds: number) =>
  voiceQualityReason(reason, speechSeconds, MIN_ENROLMENT_SPEECH_SECONDS);

type AcceptedFace<I extends EnrolmentInspection> =
  | { ok: false; reason: string }
  | {
      ok: true;
      inspection: I;
      face: I["faces"][number];
      analysis: Extract<FacePhotoAnalysis, { ok: true }> & { box: FaceBox };
    };
type FaceBox = { x: number; y: number; width: number; height: number };

/** A photo or a camera frame read and gated: its one accepted face, or why there is none, in the user's words. */
async function acceptedFace<I extends EnrolmentInspection>(inspect: () => Promise<I>): Promise<AcceptedFace<I>> {
  let inspection: I;
  try {
    inspection = await inspect();
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, reason: `Could not read the photo: ${error.message}` };
    throw error;
  }
  const face = inspection.faces[0];
  if (!inspection.accepted || !inspection.descriptor || !face) {
    return { ok: false, reason: faceQualityReason(inspection.reasons[0] ?? "no face found") };
  }
  const { detectionScore, sizePx, sharpness } = face.quality;
  const analysis = {
    ok: true as const,
    descriptor: inspection.descriptor,
    yawDegrees: face.quality.yawDegrees,
    quality: { detectionScore, sizePx, sharpness },
    box: face.box,
  };
  return { ok: true, inspection, face, analysis };
}

/** The enrolment port served by @lg/detection (face-api descriptors, Silero VAD, GE2E speaker embeddings). */
export class DetectionAnalyser implements BiometricAnalyser {
  async analyseFacePhoto(bytes: Uint8Array, pose: "frontal" | "turned"): Promise<FacePhotoAnalysis> {
    const read = await acceptedFace(() => inspectImageForEnrolment(bytes, { gates: enrolmentGatesFor(pose) }));
    if (!read.ok) return read;
    return { ...read.analysis, perceptualHash: await imagePerceptualHash(bytes) };
  }

  async analyseLiveFrame(bytes: Uint8Array): Promise<LiveFrameAnalysis> {
    const read = await acceptedFace(() => inspectLiveFrame(bytes, { gates: enrolmentGatesFor("turned") }));
    if (!read.ok) return read;
    // A single accepted face always has its light measured; without one the frame cannot be judged.
    const { light } = read.inspection;
    if (!light) return { ok: false, reason: faceQualityReason("no face found") };
    return { ...read.analysis, landmarks: read.face.landmarks, light };
  }

  assessReportedFace(face: ReportedFace, pose: "frontal" | "turned"): FacePhotoAnalysis {
    const reasons = enrolmentGateReasons(
      face.faceCount,
      { ...face.quality, yawDegrees: face.yawDegrees },
      enrolmentGatesFor(pose),
    );
    if (reasons.length > 0) return { ok: false, reason: faceQualityReason(reasons[0] as string) };
    return { ok: true, descriptor: face.descriptor, yawDegrees: face.yawDegrees, quality: { ...face.quality } };
  }

  async analyseVoice(bytes: Uint8Array): Promise<VoiceAnalysis> {
    let pcm: Float32Array;
    try {
      pcm = (await decodeAudio(bytes)).samples;
    } catch (error) {
      if (error instanceof MediaError) return { ok: false, reason: `Could not read the recording: ${error.message}` };
      throw error;
    }
    const assessment = await assessVoiceForEnrolment(pcm);
    if (!assessment.ok || !assessment.embedding) {
      return { ok: false, reason: voiceReason(assessment.reasons[0] ?? "no speech", assessment.speechSeconds) };
    }
    return { ok: true, embedding: assessment.embedding, speechSeconds: assessment.speechSeconds };
  }

  async prepareTranscription(): Promise<void> {
    await prepareSpeechRecogniser();
  }

  /** Whisper base's greedy transcript (speech/recogniser.ts); a recording that does not decode says nothing. */
  async transcribe(bytes: Uint8Array): Promise<string> {
    try {
      const { samples } = await decodeAudio(bytes, { maxSeconds: RECOGNISER_MAX_SECONDS });
      return (await transcribeSpeech(samples)).text;
    } catch (error) {
      if (error instanceof MediaError) return "";
      throw error;
    }
  }

  assessReportedVoice(voice: ReportedVoice): VoiceAnalysis {
    const [reason] = voiceEnrolmentReasons(voice.speechSeconds, voice.speakerSplitDistance);
    if (reason) return { ok: false, reason: voiceReason(reason, voice.speechSeconds) };
    return { ok: true, embedding: voice.embedding, speechSeconds: voice.speechSeconds };
  }

  sameFace(a: Float32Array, b: Float32Array) {
    const match = matchFace(b, [{ personId: "reference", face: [a], voice: [] }]);
    const confidence = match?.confidence ?? 0;
    return { same: confidence >= SAME_FACE_MIN_CONFIDENCE, confidence };
  }

  sameVoice(a: Float32Array, b: Float32Array) {
    const match = matchVoice(b, [{ personId: "reference", face: [], voice: [a] }], { minConfidence: 0 });
    const confidence = match?.confidence ?? 0;
    return { same: confidence >= SAME_VOICE_MIN_CONFIDENCE, confidence };
  }
}
