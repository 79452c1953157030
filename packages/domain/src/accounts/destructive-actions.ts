import { DomainError } from "../errors.js";
import type { AccountStore } from "./ports.js";
import { type Reauthentication, type ReauthenticationDeps, reauthenticate } from "./reauthentication.js";
import type { NoticeChannels } from "./security-notices.js";

/** What cannot be taken back, or hands out the person's biometric templates. */
export type DestructiveAction = "biometrics-export" | "biometrics-deletion" | "account-deletion";

export interface DestructiveActionDeps extends ReauthenticationDeps {
  store: AccountStore;
  channels: NoticeChannels;
  now: () => Date;
}

const RESET_ADVICE =
  "If this was not you, someone has your password: reset it now from the sign-in page, and turn on an authenticator app in Settings.";

const WHAT: Record<DestructiveAction, { subject: string; done: string; meaning: string; advice: string }> = {
  "biometrics-export": {
    subject: "Your biometric data was exported",
    done: "A copy of your face and voice templates (the biometric embeddings we match against) was downloaded from your LikenessGuard account",
    meaning: "Whoever holds that file holds your biometric templates.",
    advice: RESET_ADVICE,
  },
  "biometrics-deletion": {
    subject: "Your biometric data is being deleted",
    done: "Deleting every face and voice sample of your LikenessGuard account was confirmed",
    meaning: "Scans stop searching for your face and voice until you enrol them again.",
    advice: RESET_ADVICE,
  },
  "account-deletion": {
    subject: "Your LikenessGuard account is being deleted",
    done: "Deleting your LikenessGuard account was confirmed",
    meaning:
      "Your profile, biometric data, threats, evidence and notices are being erased, and your sign-in with them; this cannot be undone.",
    advice:
      "If this was not you, someone had your password: the deletion cannot be stopped or undone. Change that password wherever else you use it.",
  },
};

/**
 * Actions a stolen session must not be enough for (issue 35): exporting the biometric templates,
 * deleting them, deleting the account (its evidence included). Each needs fresh proof in the same
 * request (the password, and the authenticator app's code when the account has one, checked at the
 * identity provider as sign-in is, under the same limits), and the owner hears of it at once on
 * every contact the account has, before the action runs: the owner learns even of an erasure that
 * leaves no account to sign in to.
 */
export class DestructiveActions {
  constructor(private readonly deps: DestructiveActionDeps) {}

  async authorise(userId: string, action: DestructiveAction, proof: Reauthentication, source: string): Promise<void> {
    const profile = await this.deps.store.getProfile(userId);
    if (!profile?.username) throw new DomainError("unauthorized", "Sign in again to confirm this with your password");
    await reauthenticate(this.deps, { userId, username: profile.username }, proof, source);
    const what = WHAT[action];
    const at = `${this.deps.now().toISOString().slice(0, 16).replace("T", " ")} UTC`;
    const text = [`${what.done} at ${at}, with your password. ${what.meaning}`, "", what.advice].join("\n");
    // Every contact: a thief who changed nothing else still cannot keep this from the owner.
    if (profile.email) await this.deps.channels.email({ to: profile.email, subject: what.subject, text });
    if (profile.phone)
      await this.deps.channels.sms({
        phoneNumber: profile.phone,
        text: `${what.done} at ${at}. ${what.advice}`,
      });
  }
}
