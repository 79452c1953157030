/**
 * The words enrolment refuses a voice recording in, for the server and the person's browser alike:
 * the web app imports this module for zero-knowledge enrolment, where the recording never leaves
 * the device, so it must import nothing and touch no Node API.
 */

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The detection engine's short voice-gate reasons (packages/detection voice/enrolment-gates.ts) in
 * the screens' words. `minSpeechSeconds` is the engine's own limit, which it states.
 */
export function voiceQualityReason(engineReason: string, speechSeconds: number, minSpeechSeconds: number): string {
  if (engineReason === "no speech") return "No speech detected";
  if (engineReason.startsWith("too short")) {
    return `Speech too short: ${speechSeconds.toFixed(1)} s, need at least ${minSpeechSeconds} s`;
  }
  if (engineReason === "more than one speaker") return "More than one speaker in the recording";
  return sentence(engineReason);
}
