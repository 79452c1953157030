import type { DiscoveryQuery, FetchedItem, FetchedMedia, ItemRef, PlatformConnector } from "@lg/connectors/connector";
import { hostingPlatform, platformsFinding } from "@lg/connectors/hosting";
import type { ErasedAccounts } from "../accounts/erased-accounts.js";
import type { AccountStore } from "../accounts/ports.js";
import { SELF_PERSON_ID, type UserProfileRecord } from "../records.js";
import type { MediaProbe, RegisteredImageMatch } from "../registered-images/registered-image-matcher.js";
import { registeredImageVerdict } from "../registered-images/registered-image-verdict.js";
import { type EvidenceStore, sha256Hex } from "../scanning/evidence.js";
import type { ItemManifestStore, ManifestLocation } from "../scanning/item-manifests.js";
import type { ItemOutcomeStore } from "../scanning/item-outcomes.js";
import { likenessVerdict, type ProtectedName } from "../scanning/likeness-verdict.js";
import { postThreatCandidate } from "../scanning/post-threat-candidate.js";
import type { AlertOutbox, LikenessFinding, MediaAnalysis, MediaToAnalyse } from "../scanning/scan-ports.js";
import { isOwnContent } from "../scanning/scan-service.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { recordThreatsOwingAlerts, type ThreatCandidate } from "../threats/threat-recorder.js";
import { platformsForTier } from "../tiers.js";

/**
 * The shared crawl (issue 24, docs/scale.md): each configured channel, board, feed and page is read
 * once for everyone, each item analysed once, and each face and voice in it compared with the gallery
 * of every enrolled person. A match is recorded, alerted and (per plan) taken down for that person
 * exactly as their own scan would; what matches nobody leaves nothing behind but the item's locator.
 */

/** The crawl searches for nobody: connectors read their configured sources in full ("shared" scope). */
export const SHARED_CRAWL_QUERY: DiscoveryQuery = {
  names: [],
  aliases: [],
  handles: [],
  watchedAccounts: [],
  hashtags: [],
};

/** Items read per platform per crawl: the newest first, so a busy source is read in its latest posts. */
export const CRAWL_ITEMS_PER_PLATFORM = 500;

export interface CrawlPlatformTask {
  crawlId: string;
  platformId: string;
  maxItems: number;
}

/** One item of a crawl manifest: where to fetch it, nothing about anyone. */
export interface CrawlItem {
  platformId: string;
  ref: ItemRef;
  url: string;
}

/**
 * What the crawl keeps of an item it read, for 30 days: where it is and the hashes of its media.
 * No face, voice or embedding: a newcomer is matched against these by fetching them again.
 */
export interface CrawlLocator {
  platformId: string;
  ref: ItemRef;
  url: string;
  postedAt: string;
  crawledAt: string;
  media: { url: string; sha256: string }[];
}

export interface CrawlLocatorStore {
  /** The items not read by an earlier crawl (within the locators' lifetime): an item is analysed once. */
  unread(items: CrawlItem[]): Promise<CrawlItem[]>;
  put(locator: CrawlLocator): Promise<void>;
  /** Items read from `since` until just before `until`, newest first, at most `limit`. */
  readBetween(since: string, until: string, limit: number): Promise<CrawlItem[]>;
  /** Of these accounts, those never looked back for (the ledger keeps a hash of the id, not the id). */
  notLookedBack(userIds: string[]): Promise<string[]>;
  markLookedBack(userId: string, at: string): Promise<void>;
}

/** One account's view of a media file: the person it showed, as that account protects them. */
export interface PersonalAnalysis {
  userId: string;
  /** The person's id and name in that account: the account holder ("self") or a person it protects. */
  person: ProtectedName;
  analysis: MediaAnalysis;
}

/** One crawled file through the detection engine. */
export interface CrawlAnalysis {
  /** For each account whose protected person the media shows (their own, and each protecting them), its analysis. */
  analyses: PersonalAnalysis[];
  /**
   * The PDQ probes of the pixels the analysis decoded (the picture, or each sampled frame), so
   * registered-image matching does not decode the file again; absent when the engine gave none.
   */
  pdqProbes?: MediaProbe[];
}

/** The detection engine over the gallery. */
export interface CrawlAnalyser {
  /**
   * `onlyOwner`: compare with that account's samples alone (a newcomer's look-back). `mediaSha256`:
   * the bytes' hash, by which the analysis cache is keyed.
   */
  analyse(media: MediaToAnalyse, options?: { onlyOwner?: string; mediaSha256?: string }): Promise<CrawlAnalysis>;
}

export interface CrawlDeps {
  connector(platformId: string): PlatformConnector;
  /** The platforms with configured sources to read. */
  sharedPlatforms(): string[];
  /** Accounts whose searched samples were enrolled after `since`, with their latest enrolment (the gallery). */
  enrolledSince(since: string): Promise<{ userId: string; enrolledAt: string }[]>;
  manifests: ItemManifestStore;
  locators: CrawlLocatorStore;
  analyser: CrawlAnalyser;
  accounts: Pick<AccountStore, "getProfile">;
  /** Each account's candidates from an item, handed from analysis to recording by key (they name the person). */
  itemOutcomes: ItemOutcomeStore;
  threats: ThreatRepository;
  outbox: Pick<AlertOutbox, "oweIfAbsent">;
  evidence: EvidenceStore;
  erased: Pick<ErasedAccounts, "isErased">;
  /** Sends the alerts (and automatic takedowns) owed to an account, as a scan's Finish does. */
  handover: { sendOwed(userId: string): Promise<unknown> };
  /**
   * Registered intimate-image hashes (issue 39): the accounts whose registered image a crawled
   * picture or video frame matches, one match each; `onlyOwner` for a newcomer's look-back. `probes`:
   * the file's PDQ probes when the analysis made them already (else it is decoded for them).
   */
  registeredImages?: {
    matchesFor(
      media: { bytes: Uint8Array; probes?: MediaProbe[] },
      options?: { onlyOwner?: string },
    ): Promise<RegisteredImageMatch[]>;
  };
  now: () => Date;
}

/** An account's candidates from one crawled item, kept under this key for the record step. */
export interface HandedMatch {
  userId: string;
  kept: string;
}

export interface AnalysedBatch {
  items: number;
  failed: number;
  /** Items not begun because the invocation was running out of time: the next crawl reads them. */
  deferred: number;
  matches: HandedMatch[];
  /** Why items failed, for the logs (URLs of public posts, nothing of anyone's likeness). */
  errors: string[];
}

/**
 * Time an item may need at most, so one is begun only with this much of the invocation left: a
 * video at the media limits takes several seconds to sample, detect and embed on one core.
 */
export const ITEM_TIME_RESERVE_MS = 30_000;

/**
 * Newcomers looked back for by one crawl. The plan and the look-backs' gathered results travel in
 * the execution's state, which Step Functions caps at 256 KiB (about 2,000 planned look-backs, about
 * 330 finished ones), and a first crawl after a deploy may find a month of enrolments due at once.
 */
export const LOOK_BACKS_PER_CRAWL = 100;

/** How far back a newcomer is matched: the locators' lifetime. */
export const LOOK_BACK_DAYS = 30;

/** Items a newcomer's look-back fetches again at most, newest first: it re-reads, so it is bounded. */
export const LOOK_BACK_MAX_ITEMS = 2000;

/** A newcomer to look back for: matched against what the crawl read before they enrolled. */
export interface LookBackTask {
  crawlId: string;
  lookBackFor: string;
  enrolledAt: string;
}

/** An item's key in the crawl's records: the platform and the URL the item was read at. */
export const crawledItemKey = (platformId: string, url: string) => sha256Hex(`crawl:${platformId}:${url}`);

/** A crawl's manifest of one platform: no account's prefix, nothing of anyone in it. */
export function crawlManifestKey(crawlId: string, platformId: string): string {
  return `manifests/crawl/${encodeURIComponent(crawlId)}/${encodeURIComponent(platformId)}.json`;
}

interface MatchedMedia {
  media: FetchedMedia;
  finding: LikenessFinding;
  person: ProtectedName;
  /** The account's registered image this media matched, which makes it intimate imagery of them. */
  registered?: RegisteredImageMatch;
}

/**
 * The crawl's three steps per batch, each with only the rights it needs (lib/constructs/workflows.ts):
 * analysing untrusted media writes evidence and hands candidates on by key; recording writes the
 * threats; handing over sends the alerts and automatic takedowns they are owed.
 */
export class CrawlService {
  constructor(private readonly deps: CrawlDeps) {}

  /** The platforms to read, and the newcomers to look back for (enrolled within the look-back, never looked back for). */
  async plan(input: { crawlId: string }): Promise<{
    crawlId: string;
    platforms: CrawlPlatformTask[];
    lookBacks: LookBackTask[];
  }> {
    const enrolled = await this.deps.enrolledSince(this.lookBackSince());
    const due = new Set(await this.deps.locators.notLookedBack(enrolled.map((e) => e.userId)));
    return {
      crawlId: input.crawlId,
      platforms: this.deps
        .sharedPlatforms()
        .map((platformId) => ({ crawlId: input.crawlId, platformId, maxItems: CRAWL_ITEMS_PER_PLATFORM })),
      // The longest waiting first, at most LOOK_BACKS_PER_CRAWL: the rest wait for the next crawls.
      lookBacks: enrolled
        .filter((e) => due.has(e.userId))
        .sort((a, b) => a.enrolledAt.localeCompare(b.enrolledAt))
        .slice(0, LOOK_BACKS_PER_CRAWL)
        .map((e) => ({ crawlId: input.crawlId, lookBackFor: e.userId, enrolledAt: e.enrolledAt })),
    };
  }

  /**
   * A newcomer's look-back: the items the crawl read in the last LOOK_BACK_DAYS before they enrolled
   * (what it read since was matched against them already), written to a manifest the batched analysis
   * reads with their samples alone. Marked done at once: a look-back that fails is not repeated.
   */
  async discoverLookBack(task: LookBackTask): Promise<{ manifest: ManifestLocation; itemCount: number }> {
    const items = await this.deps.locators.readBetween(this.lookBackSince(), task.enrolledAt, LOOK_BACK_MAX_ITEMS);
    const key = crawlManifestKey(task.crawlId, `look-back-${sha256Hex(task.lookBackFor).slice(0, 32)}`);
    const manifest = await this.deps.manifests.write(key, items);
    await this.deps.locators.markLookedBack(task.lookBackFor, this.deps.now().toISOString());
    return { manifest, itemCount: items.length };
  }

  /** Reads a platform's configured sources and writes the items no earlier crawl read to a manifest. */
  async discover(
    task: CrawlPlatformTask,
  ): Promise<{ manifest: ManifestLocation; itemCount: number; alreadyRead: number }> {
    const found: CrawlItem[] = [];
    for await (const c of this.deps
      .connector(task.platformId)
      .discover(SHARED_CRAWL_QUERY, { maxItems: task.maxItems, maxPages: 5, scope: "shared" })) {
      found.push({ platformId: task.platformId, ref: c.ref, url: c.url });
    }
    const unread = await this.deps.locators.unread(found);
    const manifest = await this.deps.manifests.write(crawlManifestKey(task.crawlId, task.platformId), unread);
    return { manifest, itemCount: unread.length, alreadyRead: found.length - unread.length };
  }

  /** Analyses one batch of a manifest; an item that fails is counted and skipped, the rest go on. */
  async analyseBatch(input: {
    crawlId: string;
    items: readonly CrawlItem[];
    /** A newcomer's look-back: their samples alone, and the items' locators are not written again. */
    lookBackFor?: string;
    /** Milliseconds the invocation has left (Lambda's getRemainingTimeInMillis); unbounded when absent. */
    timeLeft?: () => number;
  }): Promise<AnalysedBatch> {
    const matches: HandedMatch[] = [];
    const errors: string[] = [];
    let deferred = 0;
    // The next item downloads while this one is analysed: in Lambda the wait on the web is billed
    // time, and overlapped with the analysis it mostly costs nothing. One ahead bounds the memory.
    const fetching = (task: CrawlItem | undefined) =>
      task
        ? this.fetchItem(task).then(
            (item) => ({ item }),
            (error: unknown) => ({ error }),
          )
        : undefined;
    let next = fetching(input.items[0]);
    for (const [index, task] of input.items.entries()) {
      // Past this point an item might not finish before the invocation times out, which would fail the
      // whole batch and lose every match in it: the rest are left unread, with no locator, so the next
      // crawl reads them (a look-back counts them as failed: it runs once).
      if (input.timeLeft && input.timeLeft() < ITEM_TIME_RESERVE_MS) {
        deferred = input.items.length - index;
        break;
      }
      const fetched = await next;
      next = fetching(input.items[index + 1]);
      try {
        if (!fetched || "error" in fetched) throw fetched?.error;
        matches.push(...(await this.analyseItem(input.crawlId, task, fetched.item, input.lookBackFor)));
      } catch (error) {
        errors.push(`${task.url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // A look-back runs once per newcomer: what it leaves unread is lost to them, so it counts as failed.
    const lost = input.lookBackFor ? deferred : 0;
    return { items: input.items.length, failed: errors.length + lost, deferred: deferred - lost, matches, errors };
  }

  /** Records the batch's matches as each account's threats, each owing its alert; the accounts touched. */
  async recordBatch(input: { crawlId: string; matches: readonly HandedMatch[] }) {
    const byAccount = new Map<string, string[]>();
    for (const m of input.matches) byAccount.set(m.userId, [...(byAccount.get(m.userId) ?? []), m.kept]);
    const accounts: string[] = [];
    let threats = 0;
    for (const [userId, keys] of byAccount) {
      if (await this.deps.erased.isErased(userId)) continue;
      const outcomes = await Promise.all(keys.map((k) => this.deps.itemOutcomes.get(userId, input.crawlId, k)));
      const candidates = outcomes.flatMap((o) => o?.candidates ?? []);
      const result = await recordThreatsOwingAlerts(
        { ...this.deps, now: () => this.deps.now().toISOString() },
        userId,
        input.crawlId,
        candidates,
      );
      if (!result) continue;
      accounts.push(userId);
      threats += result.created.length;
    }
    return { accounts, threats };
  }

  /**
   * Sends what the batch's threats are owed. An account whose handover fails keeps its alerts owed
   * (they go out with its next scan, crawl batch or the claim sweep); the others still get theirs.
   */
  async handOver(input: { accounts: readonly string[] }) {
    const failed: string[] = [];
    for (const userId of new Set(input.accounts)) {
      await this.deps.handover.sendOwed(userId).catch(() => failed.push(userId));
    }
    if (failed.length > 0) throw new Error(`Alerts of ${failed.length} account(s) could not be handed over`);
    return { accounts: input.accounts.length };
  }

  /** The start of the look-back window: LOOK_BACK_DAYS before now. */
  private lookBackSince(): string {
    return new Date(this.deps.now().getTime() - LOOK_BACK_DAYS * 86_400_000).toISOString();
  }

  private fetchItem(task: CrawlItem): Promise<FetchedItem> {
    return this.deps.connector(task.platformId).fetchItem(task.ref, { includeMedia: true, maxMedia: 4 });
  }

  /** Analyses one fetched item once; keeps each matched account's candidates for the record step. */
  private async analyseItem(
    crawlId: string,
    task: CrawlItem,
    item: FetchedItem,
    lookBackFor?: string,
  ): Promise<HandedMatch[]> {
    const byAccount = new Map<string, MatchedMedia[]>();
    const locator: CrawlLocator = {
      platformId: task.platformId,
      ref: task.ref,
      // The URL it was discovered at, by which a later crawl recognises it.
      url: task.url,
      postedAt: item.postedAt,
      crawledAt: this.deps.now().toISOString(),
      media: [],
    };
    for (const media of item.media) {
      const mediaSha256 = sha256Hex(media.bytes);
      locator.media.push({ url: media.url, sha256: mediaSha256 });
      const options = { mediaSha256, ...(lookBackFor ? { onlyOwner: lookBackFor } : {}) };
      const { analyses, pdqProbes } = await this.deps.analyser.analyse(media, options);
      for (const { userId, person, analysis } of analyses) {
        const matched = { media, finding: { ...analysis, mediaSha256 }, person };
        byAccount.set(userId, [...(byAccount.get(userId) ?? []), matched]);
      }
      const probed = { bytes: media.bytes, ...(pdqProbes ? { probes: pdqProbes } : {}) };
      for (const registered of (await this.deps.registeredImages?.matchesFor(probed, options)) ?? []) {
        const theirs = byAccount.get(registered.userId) ?? [];
        const analysed = theirs.find((m) => m.media === media);
        if (analysed) analysed.registered = registered;
        else byAccount.set(registered.userId, [...theirs, registeredOnly(media, mediaSha256, registered)]);
      }
    }
    if (!lookBackFor) await this.deps.locators.put(locator);
    const handed: HandedMatch[] = [];
    const itemKey = crawledItemKey(task.platformId, task.url);
    for (const [userId, matched] of byAccount) {
      const candidates = await this.candidatesFor(userId, item, matched);
      if (candidates.length === 0) continue;
      await this.deps.itemOutcomes.put(userId, crawlId, itemKey, { url: item.url, candidates });
      handed.push({ userId, kept: itemKey });
    }
    return handed;
  }

  /**
   * An account's threat candidates from one item, as its own scan would make them: only on platforms
   * the person chose and their plan covers, never their own posts, nothing once the account is erased.
   */
  private async candidatesFor(userId: string, item: FetchedItem, matched: MatchedMedia[]) {
    if (await this.deps.erased.isErased(userId)) return [];
    const profile = await this.deps.accounts.getProfile(userId);
    const host = hostingPlatform(item.platformId, item.ref.sourceId);
    if (!profile || !covers(profile, host)) return [];
    if (isOwnContent(profile, item.url, item.author.handle)) return [];
    const candidates: ThreatCandidate[] = [];
    for (const { media, finding, person, registered } of matched) {
      const found = { ...(item.title ? { title: item.title } : {}), url: item.url };
      const verdict = registered
        ? registeredImageVerdict(registered, finding, found)
        : likenessVerdict(finding, [person], found);
      if (!verdict) continue;
      if (await this.deps.erased.isErased(userId)) return [];
      const capturedAt = this.deps.now().toISOString();
      candidates.push(
        await postThreatCandidate(this.deps.evidence, { userId, item, host, media, finding, verdict, capturedAt }),
      );
    }
    return candidates;
  }
}

/**
 * A crawled file that showed no protected face but matched a registered image: its finding says only
 * that (no likeness was analysed for this account), which is what its evidence keeps.
 */
function registeredOnly(media: FetchedMedia, mediaSha256: string, registered: RegisteredImageMatch): MatchedMedia {
  return {
    media,
    person: { personId: SELF_PERSON_ID, displayName: "you" },
    registered,
    finding: {
      contentType: media.contentType,
      mediaSha256,
      face: null,
      voice: null,
      syntheticScore: null,
      syntheticSignals: [],
      result: {
        registeredImage: { hashId: registered.hashId, distance: registered.distance, variant: registered.variant },
      },
    },
  };
}

/**
 * Whether the person's own scans would look where the item lives: they chose a platform whose scans
 * find items on this host (the host, or a category such as messaging) and their plan covers it.
 */
function covers(profile: UserProfileRecord, host: string): boolean {
  const allowed = new Set(platformsForTier(profile.membershipTier).map((p) => p.id));
  return platformsFinding(host).some((platformId) => profile.platforms.includes(platformId) && allowed.has(platformId));
}
