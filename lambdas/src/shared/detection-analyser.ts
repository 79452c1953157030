import {
  assessVoiceForEnrolment,
  decodeAudio,
  enrolmentGateReasons,
  enrolmentGatesFor,
  inspectImageForEnrolment,
  inspectLiveFrame,
  MediaError,
  matchFace,
} from "@lg/detection";
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
import { imagePerceptualHash } from "./likeness-analyser.js";

const SAME_FACE_MIN_CONFIDENCE = 50;
/** The scan's own match floor (MATCH_FLOOR_PERCENT): a voice that would match in a scan is the same speaker. */
const SAME_VOICE_MIN_CONFIDENCE = 50;

const voiceReason = (reason: string, speechSeconds: number) =>
  voiceQualityReason(reason, speechSeconds, MIN_ENROLMENT_SPEECH_SECONDS);

/** The enrolment port served by @lg/detection (face-api descriptors, Silero VAD, GE2E speaker embeddings). */
export class DetectionAnalyser implements BiometricAnalyser {
  async analyseFacePhoto(bytes: Uint8Array, pose: "frontal" | "turned"): Promise<FacePhotoAnalysis> {
    let inspection: Awaited<ReturnType<typeof inspectImageForEnrolment>>;
    try {
      inspection = await inspectImageForEnrolment(bytes, { gates: enrolmentGatesFor(pose) });
    } catch (error) {
      if (error instanceof MediaError) return { ok: false, reason: `Could not read the photo: ${error.message}` };
      throw error;
    }
    const face = inspection.faces[0];
    if (!inspection.accepted || !inspection.descriptor || !face) {
      return { ok: false, reason: faceQualityReason(inspection.reasons[0] ?? "no face found") };
    }
    const { detectionScore, sizePx, sharpness } = face.quality;
    return {
      ok: true,
      descriptor: inspection.descriptor,
      yawDegrees: face.quality.yawDegrees,
      quality: { detectionScore, sizePx, sharpness },
      box: face.box,
      perceptualHash: await imagePerceptualHash(bytes),
    };
  }

  async analyseLiveFrame(bytes: Uint8Array): Promise<LiveFrameAnalysis> {
    let inspection: Awaited<ReturnType<typeof inspectLiveFrame>>;
    try {
      inspection = await inspectLiveFrame(bytes, { gates: enrolmentGatesFor("turned") });
    } catch (error) {
      if (error instanceof MediaError) return { ok: false, reason: `Could not read the photo: ${error.message}` };
      throw error;
    }
    const face = inspection.faces[0];
    if (!inspection.accepted || !inspection.descriptor || !face || !inspection.light) {
      return { ok: false, reason: faceQualityReason(inspection.reasons[0] ?? "no face found") };
    }
    const { detectionScore, sizePx, sharpness } = face.quality;
    return {
      ok: true,
      descriptor: inspection.descriptor,
      yawDegrees: face.quality.yawDegrees,
      quality: { detectionScore, sizePx, sharpness },
      box: face.box,
      landmarks: face.landmarks,
      light: inspection.light,
    };
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
