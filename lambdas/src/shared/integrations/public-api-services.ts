import { PublicApiService } from "@lg/domain/integrations/public-api-service";
import { peopleService } from "../accounts/people-services.js";
import { once } from "../once.js";
import { noticeService, takedownCentre } from "../takedowns/takedown-services.js";
import { threatTriage } from "../threats/threat-query-services.js";
import { threatRepository } from "../threats/threat-services.js";

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
    }),
);
