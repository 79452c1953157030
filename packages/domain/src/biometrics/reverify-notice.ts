import type { NoticeChannels } from "../accounts/security-notices.js";
import type { UserProfileRecord } from "../records.js";
import { modalityEnrolment, REVERIFY_FACE_MESSAGE, REVERIFY_VOICE_MESSAGE } from "./enrolment-verification.js";
import type { SampleLibrary } from "./sample-library.js";

/**
 * The message a person whose face verification lapsed with the live check's arrival
 * (live-check-demotion.ts) is sent, once, by the channel the account has: scans stop searching for a
 * lapsed face, so someone who does not sign in would otherwise lose protection without a word. The
 * profile and the pages say the same (REVERIFY_FACE_MESSAGE).
 */

/** The people holding a face sample whose verification lapsed, each once (a paged scan). */
export interface LapsedFaceOwners {
  userIds(): AsyncIterable<string>;
}

/** Which of these messages went to whom. */
export interface SentMessages {
  wasSent(userId: string): Promise<boolean>;
  markSent(userId: string, channel: "email" | "sms", at: Date): Promise<void>;
}

export interface ReverifyNoticeDeps {
  owners: LapsedFaceOwners;
  samples: Pick<SampleLibrary, "activeSamples">;
  profiles: { getProfile(userId: string): Promise<UserProfileRecord | null> };
  channels: NoticeChannels;
  sent: SentMessages;
  appUrl: string;
  now: () => Date;
  /** Whose verification lapsed: a face's (the default) or a voice's. */
  modality?: "face" | "voice";
}

export interface ReverifyNoticeRun {
  users: number;
  told: number;
  /** Already told, verified again since, or no address to reach them at. */
  skipped: number;
  failed: number;
}

export const REVERIFY_SUBJECT = "Verify your face again on LikenessGuard";
export const REVERIFY_VOICE_SUBJECT = "Verify your voice again on LikenessGuard";

/** The email: the profile's own words, and where the live check is. */
export function reverifyEmailText(appUrl: string): string {
  return `${REVERIFY_FACE_MESSAGE}\n\nTake the live check here: ${appUrl.replace(/\/+$/, "")}/biometric-training`;
}

/** The voice's email: the profile's own words, and where the live check is. */
export function reverifyVoiceEmailText(appUrl: string): string {
  return `${REVERIFY_VOICE_MESSAGE}\n\nTake the live check here: ${appUrl.replace(/\/+$/, "")}/biometric-training`;
}

export function reverifyVoiceSmsText(appUrl: string): string {
  return `LikenessGuard: your voice must be verified again with the live check, reading its words aloud (a recording alone no longer verifies it). Until then no notice goes on a voice match: ${appUrl.replace(/\/+$/, "")}/biometric-training`;
}

/** A text message stays short: what happened and where to go. */
export function reverifySmsText(appUrl: string): string {
  return `LikenessGuard: your face must be verified again with the live check (the earlier check was not strict enough). Until then scans do not search for it: ${appUrl.replace(/\/+$/, "")}/biometric-training`;
}

/**
 * Sends the message to every person still needing it. At least once: the record that it went is
 * written after it went, so a run stopped in between sends it again rather than never.
 */
export async function tellLapsedFaceOwners(
  deps: ReverifyNoticeDeps,
  onFailure: (userId: string, error: unknown) => void = () => {},
): Promise<ReverifyNoticeRun> {
  const run: ReverifyNoticeRun = { users: 0, told: 0, skipped: 0, failed: 0 };
  for await (const userId of deps.owners.userIds()) {
    run.users++;
    try {
      if (await tellOne(deps, userId)) run.told++;
      else run.skipped++;
    } catch (error) {
      run.failed++;
      onFailure(userId, error);
    }
  }
  return run;
}

async function tellOne(deps: ReverifyNoticeDeps, userId: string): Promise<boolean> {
  if (await deps.sent.wasSent(userId)) return false;
  // Verified again before the message went: nothing to ask for.
  const voice = deps.modality === "voice";
  const standing = modalityEnrolment(await deps.samples.activeSamples(userId), voice ? "voice" : "face");
  if (!standing.reverifyNeeded) return false;
  const profile = await deps.profiles.getProfile(userId);
  if (profile?.email) {
    await deps.channels.email({
      to: profile.email,
      subject: voice ? REVERIFY_VOICE_SUBJECT : REVERIFY_SUBJECT,
      text: voice ? reverifyVoiceEmailText(deps.appUrl) : reverifyEmailText(deps.appUrl),
    });
    await deps.sent.markSent(userId, "email", deps.now());
    return true;
  }
  if (profile?.phone) {
    const text = voice ? reverifyVoiceSmsText(deps.appUrl) : reverifySmsText(deps.appUrl);
    await deps.channels.sms({ phoneNumber: profile.phone, text });
    await deps.sent.markSent(userId, "sms", deps.now());
    return true;
  }
  return false;
}
