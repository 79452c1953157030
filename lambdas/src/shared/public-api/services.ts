import { S3EvidenceLinks } from "@lg/domain/integrations/adapters/s3-evidence-links";
import { evidenceMedia } from "@lg/domain/integrations/evidence-media";
import { PublicApiService } from "@lg/domain/integrations/public-api-service";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { s3, s3Presigner } from "../aws/clients.js";
import { once } from "../once.js";
import { peopleService } from "../people/services.js";
import { noticeService, takedownCentre } from "../takedowns/services.js";
import { threatTriage } from "../threat-queries/services.js";
import { threatRepository } from "../threats/services.js";
import { env } from "./env.js";

/**
 * The public API over the app's own services: the same notice rules, the same tenant checks. A key
 * acts as its organisation with no person behind it, so it sees what a team member sees.
 */
export const publicApiService = once(
  () =>
    new PublicApiService({
      listThreatIds: async (accountId, params) => {
        const page = await threatTriage().list(accountId, params);
        return { ids: "items" in page ? page.items.map((t) => t.id) : [], nextCursor: page.nextCursor };
      },
      getThreats: (accountId, ids) => threatRepository().getMany(accountId, ids),
      getThreat: (accountId, id) => threatRepository().get(accountId, id),
      prepareNotice: (accountId, threatId, claimCopyright) =>
        noticeService().generate(accountId, threatId, claimCopyright ? { claimCopyright } : {}),
      sendNotice: (accountId, threatId, confirmations, claimCopyright) =>
        noticeService().send(accountId, threatId, { confirmations, ...(claimCopyright ? { claimCopyright } : {}) }),
      listTakedowns: (accountId, query) => takedownCentre().list(accountId, query),
      getTakedown: (accountId, id) => takedownCentre().get(accountId, id),
      listPeople: async (accountId) =>
        (await peopleService().list({ userId: accountId, accountId, role: "analyst" })).people,
      evidenceMedia: (threat) => evidenceMedia(threat, evidence()),
    }),
);

const evidence = once(() => {
  const bucket = env().EVIDENCE_BUCKET;
  if (!bucket) throw new Error("Invalid environment: EVIDENCE_BUCKET");
  return {
    evidence: new S3EvidenceStore(s3, bucket),
    links: new S3EvidenceLinks(s3Presigner, bucket),
    now: () => new Date(),
  };
});
