import { categoryParts } from "@lg/connectors/hosting";
import { connectorFor } from "@lg/connectors/registry";
import { DynamoCrawledItems } from "@lg/domain/crawl/adapters/dynamo-crawled-items";
import { CrawlService } from "@lg/domain/crawl/crawl-service";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { DynamoItemOutcomes } from "@lg/domain/scanning/adapters/dynamo-item-outcomes";
import { PLATFORMS } from "@lg/domain/tiers";
import { accountStore } from "../accounts/services.js";
import { analysisCaching } from "../analysis/services.js";
import { dynamo } from "../aws/clients.js";
import { connectorConfig } from "../connectors/services.js";
import { gallery } from "../gallery/services.js";
import { once } from "../once.js";
import { peopleService } from "../people/services.js";
import { registeredImageCrawlMatcher } from "../registered-images/services.js";
import { itemManifests } from "../scan-work/services.js";
import { alertOutbox, threatHandover } from "../scanning/alert-handover.js";
import { erasedAccounts, evidenceStore, threatRepository } from "../threats/services.js";
import { GalleryCrawlAnalyser, type Protection } from "./crawl-analyser.js";
import { env } from "./env.js";

/**
 * The crawl context (issue 24, docs/scale.md): the shared crawl of configured sources, on top of the
 * scanning records (threats, evidence, the alert handover) and the gallery. Nothing imports it back.
 */

/**
 * The catalogue platforms with configured channels, boards, feeds or pages. A category read through
 * platforms crawled on their own (messaging: Telegram and Discord) is not read a second time.
 */
export function sharedPlatforms(): string[] {
  const targets = connectorConfig().targets;
  const configured = PLATFORMS.map((p) => p.id).filter((id) => {
    const t = targets[id];
    return t !== undefined && t.pages.length + t.feeds.length + t.channels.length > 0;
  });
  const crawled = new Set(configured);
  return configured.filter((id) => {
    const parts = categoryParts(id);
    return parts.length === 0 || !parts.every((part) => crawled.has(part));
  });
}

/** The owner of matched samples, protected by their own account and by each account whose invitation they accepted. */
async function protectionsOf(owner: string): Promise<Protection[]> {
  const profile = await accountStore().getProfile(owner);
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ") || "you";
  const others = await peopleService().protectingAccounts(owner);
  return [
    ...(profile ? [{ userId: owner, personId: SELF_PERSON_ID, displayName: name }] : []),
    ...others.map((a) => ({ userId: a.accountId, personId: a.personId, displayName: a.displayName })),
  ];
}

export const crawlService = once(
  () =>
    new CrawlService({
      connector: (platformId) => connectorFor(platformId, connectorConfig()),
      sharedPlatforms,
      enrolledSince: (since) => gallery().enrolledSince(since),
      manifests: itemManifests(),
      locators: new DynamoCrawledItems(dynamo, env().TABLE_NAME),
      analyser: new GalleryCrawlAnalyser(gallery(), protectionsOf, analysisCaching()),
      accounts: accountStore(),
      itemOutcomes: new DynamoItemOutcomes(dynamo, env().TABLE_NAME),
      threats: threatRepository(),
      outbox: alertOutbox(),
      evidence: evidenceStore(),
      erased: erasedAccounts(),
      handover: threatHandover(),
      registeredImages: registeredImageCrawlMatcher(),
      now: () => new Date(),
    }),
);
