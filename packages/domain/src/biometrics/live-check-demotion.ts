import type { GalleryWriter } from "../gallery/gallery-sync.js";
import { type BiometricSampleRecord, SELF_PERSON_ID } from "../records.js";
import { lapsedFaceMatchRevision } from "../threats/match-reverification.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { lapsedVerification, verificationPredatesLiveCheck } from "./enrolment-verification.js";
import type { SampleLibrary } from "./sample-library.js";

/**
 * The demotion of face verifications made before the live check (issue 23 item 3). The capture
 * check before it passed three still photos of someone else, so a face it verified may be anyone's;
 * nothing stored tells which. Every such verification is withdrawn: the sample stays (nothing of the
 * person is lost) but is no longer verified, searched or able to vouch, and the matches resting on
 * it stop carrying notices. One live check of the same face verifies the samples again
 * (EnrolmentService.confirmUnverifiedFaces).
 */

/** Where the sample's verification is withdrawn: a write that holds only if the sample is still as read. */
export interface LapsingSampleStore {
  /** Stores `lapsed` in place of `read`; false when the sample changed or went since it was read. */
  lapse(read: BiometricSampleRecord, lapsed: BiometricSampleRecord): Promise<boolean>;
}

/** The accounts whose scans search for a person as one of their protected people (enterprise). */
export interface ProtectionsOf {
  listProtections(memberUserId: string): Promise<{ accountId: string; personId: string }[]>;
}

export interface LiveCheckDemotionDeps {
  samples: Pick<SampleLibrary, "activeSamples">;
  store: LapsingSampleStore;
  threats: Pick<ThreatRepository, "list" | "reviseMatch">;
  people: ProtectionsOf;
  gallery?: GalleryWriter;
  now: () => Date;
  /** Faces (issue 23) or voices verified before the live check's spoken phrase (issue 35); faces unless said. */
  modality?: "face" | "voice";
}

export interface LiveCheckDemotionResult {
  /** Face samples whose verification was withdrawn. */
  demoted: number;
  /** Threats whose face match was marked as resting on an unverified enrolment. */
  threats: number;
  /** Samples changed by the person while the step ran: left for the next run to read again. */
  changed: number;
}

/**
 * One person at a time, in an order a crash anywhere leaves safe and a rerun completes: the gallery
 * rows first (a stricter gallery is never unsafe), then the threats whose matches rest on the face,
 * then the samples themselves, the record of truth and the step's mark of done. A person with no
 * such sample is not written at all, so a second run changes nothing.
 */
export class LiveCheckDemotion {
  constructor(private readonly deps: LiveCheckDemotionDeps) {}

  async demote(userId: string): Promise<LiveCheckDemotionResult> {
    const result: LiveCheckDemotionResult = { demoted: 0, threats: 0, changed: 0 };
    const due = (await this.deps.samples.activeSamples(userId)).filter(
      verificationPredatesLiveCheck[this.deps.modality ?? "face"],
    );
    if (due.length === 0) return result;
    const now = this.deps.now();
    const lapsed = due.map((sample) => ({ read: sample, lapsed: lapsedVerification(sample, now) }));
    for (const { lapsed: sample } of lapsed) await this.deps.gallery?.sampleChanged(sample);
    result.threats = await this.markMatchesUnverified(userId, now.toISOString());
    for (const { read, lapsed: sample } of lapsed) {
      if (await this.deps.store.lapse(read, sample)) {
        result.demoted++;
        continue;
      }
      // Changed meanwhile (a live check verified it, it was deleted): the gallery follows what is stored now.
      result.changed++;
      const current = (await this.deps.samples.activeSamples(userId)).find((s) => s.sampleId === read.sampleId);
      if (current) await this.deps.gallery?.sampleChanged(current);
    }
    return result;
  }

  /** The person's own threats, and those of every account protecting them, that a face match of theirs made. */
  private async markMatchesUnverified(userId: string, at: string): Promise<number> {
    const scopes = [
      { accountId: userId, personId: SELF_PERSON_ID },
      ...(await this.deps.people.listProtections(userId)),
    ];
    let revised = 0;
    for (const scope of scopes) {
      for (const threat of await this.deps.threats.list(scope.accountId)) {
        if ((threat.personId ?? SELF_PERSON_ID) !== scope.personId) continue;
        const revision = lapsedFaceMatchRevision(threat, this.deps.modality ?? "face");
        if (!revision) continue;
        await this.deps.threats.reviseMatch(scope.accountId, threat.id, revision, at);
        revised++;
      }
    }
    return revised;
  }
}

/** Every person holding a face sample verified before the live check, each once, from a paged scan. */
export interface PreLiveCheckFaceOwners {
  userIds(): AsyncIterable<string>;
}

export interface LiveCheckDemotionRun extends LiveCheckDemotionResult {
  users: number;
  failed: number;
}

/** The whole step after a deploy: a failure for one person is reported and the rest still run; a later run retries. */
export async function demoteEveryone(
  owners: PreLiveCheckFaceOwners,
  demotion: Pick<LiveCheckDemotion, "demote">,
  onFailure: (userId: string, error: unknown) => void = () => {},
): Promise<LiveCheckDemotionRun> {
  const run: LiveCheckDemotionRun = { users: 0, demoted: 0, threats: 0, changed: 0, failed: 0 };
  for await (const userId of owners.userIds()) {
    run.users++;
    try {
      const result = await demotion.demote(userId);
      run.demoted += result.demoted;
      run.threats += result.threats;
      run.changed += result.changed;
    } catch (error) {
      run.failed++;
      onFailure(userId, error);
    }
  }
  return run;
}
