import { StartExecutionCommand } from "@aws-sdk/client-sfn";
import { connectorFor } from "@lg/connectors/registry";
import { openEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { isCurrentEmbedding } from "@lg/domain/biometrics/embedding-models";
import { isServerVerified, searchedInScans } from "@lg/domain/biometrics/enrolment-verification";
import { isExpired } from "@lg/domain/biometrics/retention";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { DynamoAlertOutbox } from "@lg/domain/scanning/adapters/dynamo-alert-outbox";
import { DynamoFindingCache } from "@lg/domain/scanning/adapters/dynamo-findings";
import { DynamoItemOutcomes } from "@lg/domain/scanning/adapters/dynamo-item-outcomes";
import { DecryptedEmbeddingCache } from "@lg/domain/scanning/embedding-cache";
import type { EnrolledPerson } from "@lg/domain/scanning/scan-ports";
import { ScanService } from "@lg/domain/scanning/scan-service";
import { ScanStarter } from "@lg/domain/scanning/scan-starter";
import { accountStore } from "../accounts/services.js";
import { DetectionLikenessAnalyser } from "../analysis/likeness-analyser.js";
import { analysisCaching } from "../analysis/services.js";
import { dynamo } from "../aws/clients.js";
import { scanStateMachineArn, sfn } from "../aws/state-machines.js";
import { dataKeys } from "../biometrics/services.js";
import { connectorConfig } from "../connectors/services.js";
import { once } from "../once.js";
import { peopleService } from "../people/services.js";
import { registeredImageScanner } from "../registered-images/services.js";
import { erasedAccounts, evidenceStore, scanLocks, scanRepository, threatRepository } from "../threats/services.js";
import { env } from "./env.js";

/**
 * The scanning context: running a scan (connectors, media analysis, the enrolled people it
 * searches for) and starting one. It writes through the threats context's records.
 */
export const likenessAnalyser = once(() => new DetectionLikenessAnalyser(analysisCaching()));

/** One media URL through the connectors' SSRF-safe client (public addresses only), at most 10 MB. */
export async function fetchMedia(url: string) {
  const response = await connectorConfig().http.expectOk(url, { maxBytes: 10 * 1024 * 1024 });
  return { url: response.url, contentType: response.headers["content-type"] ?? "", bytes: response.body };
}
// A scan's tasks reach the same warm containers within minutes; decrypted embeddings live five at most.
const embeddingCache = new DecryptedEmbeddingCache({ ttlMs: 5 * 60_000 });

/**
 * The unexpired samples scans search for (verified faces, client-reported faces, voices), decrypted
 * for matching, the unverified ones named so matches against them are marked; never logged or returned.
 * The account holder's own, then each protected person's from their own partition, under their own
 * consent: only people whose consent is current right now (PeopleService.scannedMembers).
 */
export async function enrolledPeople(userId: string): Promise<EnrolledPerson[]> {
  const profile = await accountStore().getProfile(userId);
  const people = new Map<string, EnrolledPerson>();
  const selfName = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ") || "you";
  await addSearchedSamples(people, userId, (personId) => (personId === SELF_PERSON_ID ? selfName : personId));
  for (const member of await peopleService().scannedMembers(userId)) {
    // A person's samples are all their own (personId "self" in their partition): one person of this account.
    await addSearchedSamples(people, member.memberUserId, () => member.displayName, member.personId);
  }
  return [...people.values()];
}

async function addSearchedSamples(
  people: Map<string, EnrolledPerson>,
  sampleOwner: string,
  displayName: (personId: string) => string,
  asPerson?: string,
) {
  // Expired samples are skipped, not swept: erasure belongs to the biometrics path and lifecycle.
  const samples = (await accountStore().listSamples(sampleOwner)).filter((s) => !isExpired(s, new Date()));
  for (const sample of samples) {
    if (!searchedInScans(sample) || !isCurrentEmbedding(sample)) continue;
    const embedding = await embeddingCache.open(sampleOwner, sample, () =>
      openEmbedding(dataKeys(), sampleOwner, sample.modality, sample),
    );
    const personId = asPerson ?? sample.personId;
    const person = people.get(personId) ?? { personId, displayName: displayName(personId), face: [], voice: [] };
    person[sample.modality].push(embedding);
    if (!isServerVerified(sample)) person.unverified = new Set([...(person.unverified ?? []), embedding]);
    people.set(personId, person);
  }
}

export const scanService = once(
  () =>
    new ScanService({
      accounts: accountStore(),
      scans: scanRepository(),
      locks: scanLocks(),
      threats: threatRepository(),
      outbox: new DynamoAlertOutbox(dynamo, env().TABLE_NAME),
      evidence: evidenceStore(),
      analyser: likenessAnalyser(),
      findings: new DynamoFindingCache(dynamo, env().TABLE_NAME),
      itemOutcomes: new DynamoItemOutcomes(dynamo, env().TABLE_NAME),
      registeredImages: registeredImageScanner(),
      sources: {
        connector: (platformId) => connectorFor(platformId, connectorConfig()),
        fetchMedia,
      },
      enrolledPeople,
      erased: erasedAccounts(),
      now: () => new Date(),
    }),
);

export const scanStarter = once(
  () =>
    new ScanStarter({
      scans: scanRepository(),
      locks: scanLocks(),
      enrolledPeople,
      now: () => new Date(),
      workflow: {
        start: async (name, input) => {
          const out = await sfn.send(
            new StartExecutionCommand({ stateMachineArn: scanStateMachineArn(), name, input: JSON.stringify(input) }),
          );
          return out.executionArn ?? "";
        },
      },
    }),
);
