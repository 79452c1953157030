import type { AuthorRef, CandidateItem, FetchedMedia, ItemRef, PlatformConnector } from "@lg/connectors/connector";
import { UnsupportedOperationError } from "@lg/connectors/errors";
import { hostingPlatform } from "@lg/connectors/hosting";
import type { ErasedAccounts } from "../accounts/erased-accounts.js";
import type { AccountStore } from "../accounts/ports.js";
import { DomainError } from "../errors.js";
import { SELF_PERSON_ID, type UserProfileRecord } from "../records.js";
import type { MediaProbe } from "../registered-images/registered-image-matcher.js";
import { type RegisteredImageScanner, registeredImageVerdict } from "../registered-images/registered-image-verdict.js";
import { classifyImpersonation } from "../threats/classification.js";
import { posterKeys } from "../threats/poster-keys.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { recordThreatsOwingAlerts, type ThreatCandidate } from "../threats/threat-recorder.js";
import { titleFor } from "../threats/threat-titles.js";
import { platformsForTier } from "../tiers.js";
import { discoveryQuery, protectedNames } from "./discovery-query.js";
import { type EvidenceStore, sha256Hex, writeEvidencePackage } from "./evidence.js";
import { impersonatingPost } from "./impersonating-post.js";
import { nameVariantOf } from "./impersonation.js";
import { type ItemManifestStore, type ManifestLocation, manifestKey } from "./item-manifests.js";
import type { HandedOutcome, ItemOutcome, ItemOutcomeStore } from "./item-outcomes.js";
import { likenessVerdict, MATCH_FLOOR_PERCENT } from "./likeness-verdict.js";
import { likenessNotSearched } from "./not-searched.js";
import { postThreatCandidate } from "./post-threat-candidate.js";
import type {
  AlertOutbox,
  EnrolledPerson,
  FindingCache,
  LikenessAnalyser,
  LikenessFinding,
  MediaToAnalyse,
  ScanLocks,
  ScanRecord,
  ScanRepository,
} from "./scan-ports.js";
import { effectiveFrequency } from "./scan-schedule.js";
import { SCAN_LOCK_LEASE_MS } from "./scan-starter.js";

/** Where scanning gets platforms and raw media from (the connectors in production). */
export interface ScanSources {
  connector(platformId: string): PlatformConnector;
  /** Downloads one media URL with the same safety limits as connectors (avatars). */
  fetchMedia(url: string): Promise<FetchedMedia>;
}

export interface ScanDeps {
  accounts: AccountStore;
  scans: ScanRepository;
  /** One running scan per person: scheduled scans take the slot here, forced ones when started. */
  locks: ScanLocks;
  threats: ThreatRepository;
  /** Alerts owed per recorded threat, sent by whoever ends the scan (Finish or the reconciler). */
  outbox: AlertOutbox;
  evidence: EvidenceStore;
  analyser: LikenessAnalyser;
  /** The scan's findings by content hash, shared by its workers. */
  findings: FindingCache;
  sources: ScanSources;
  /** Decrypted, verified, unexpired embeddings of every protected person of the account. */
  enrolledPeople(userId: string): Promise<EnrolledPerson[]>;
  /** Analysed items' candidates, handed to the record step by key (item-outcomes.ts). */
  itemOutcomes?: ItemOutcomeStore;
  /**
   * The account's registered intimate-image hashes (issue 39): every picture and video frame found is
   * matched against them, live, so a hash deleted before a scan is never matched by it.
   */
  registeredImages?: RegisteredImageScanner;
  /**
   * Accounts erased while a scan of theirs ran: each step asks before it writes and writes nothing
   * for them, so erasure's sweep after the mark finds everything there will ever be.
   */
  erased: Pick<ErasedAccounts, "isErased">;
  now: () => Date;
}

/** What a step answers for an account erased while its scan ran (it wrote nothing). */
export const ERASED = "the account was erased";

/** Items per platform per scan, by tier: bounded cost per scan. */
export const ITEMS_PER_PLATFORM = { personal: 40, professional: 60, enterprise: 100 } as const;

/**
 * One platform of a scan, as the workflow carries it: ids and a bound only. What to search for (the
 * person's names and handles) is read from the profile inside the task, never carried in the
 * workflow's state, whose history outlives the person's erasure.
 */
export interface PlatformTask {
  userId: string;
  scanId: string;
  platformId: string;
  maxItems: number;
}

export interface ItemTask {
  userId: string;
  scanId: string;
  platformId: string;
  kind: "post" | "profile";
  ref: ItemRef;
  url: string;
  /** The look-alike account's handle (a profile item). */
  handle?: string;
  /** The protected name it imitates; read again from the profile when absent (the workflow does not carry it). */
  nameMatch?: string;
}

export type { ItemOutcome };

/** An item as a platform's manifest holds it: the batch's BatchInput names the account and scan. */
export type ManifestItem = Omit<ItemTask, "userId" | "scanId" | "nameMatch">;

/** One item of an analysed batch: what it found (handed on by key), or its failure, which is its own. */
export type BatchItemOutcome =
  | HandedOutcome
  | ItemOutcome
  | { failed: true; url: string; error: { name: string; message: string } };

/** Items of a batch analysed at once: fetching one item's media overlaps analysing another's. */
export const BATCH_ITEM_CONCURRENCY = 4;

const isoNow = (deps: ScanDeps) => deps.now().toISOString();

const normalise = (s: string) => s.trim().toLowerCase().replace(/\/+$/, "").replace(/^@/, "");

/** The person's own accounts and URLs are never threats. */
export function isOwnContent(profile: UserProfileRecord, url: string, handle?: string): boolean {
  const own = profile.ownAccounts.map(normalise);
  const u = normalise(url);
  return own.some(
    (o) => o === u || (handle !== undefined && o === normalise(handle)) || (o.includes("/") && u.startsWith(o)),
  );
}

export class ScanService {
  constructor(private readonly deps: ScanDeps) {}

  /** Loads what to scan: the enabled platforms the tier allows, and who to look for. */
  async plan(input: { userId: string; scanId: string; trigger: ScanRecord["trigger"]; executionArn?: string }) {
    if (await this.deps.erased.isErased(input.userId)) {
      return { userId: input.userId, scanId: input.scanId, platforms: [], searchable: false, skipped: ERASED };
    }
    const profile = await this.deps.accounts.getProfile(input.userId);
    if (!profile) throw new DomainError("not-found", "No profile to scan for");
    // A forced scan took the slot when it was started (this re-acquires it); a scheduled one takes it now.
    const now = this.deps.now();
    const lock = await this.deps.locks.acquire(
      {
        userId: input.userId,
        scanId: input.scanId,
        acquiredAt: now.toISOString(),
        leaseUntil: new Date(now.getTime() + SCAN_LOCK_LEASE_MS).toISOString(),
      },
      now,
    );
    if (!lock.acquired) {
      return { userId: input.userId, scanId: input.scanId, platforms: [], searchable: false, skipped: lock.holder };
    }
    const allowed = new Set(platformsForTier(profile.membershipTier).map((p) => p.id));
    const platforms = profile.platforms.filter((p) => allowed.has(p));
    const people = await this.deps.enrolledPeople(input.userId);
    const notSearched = likenessNotSearched(await this.deps.accounts.listSamples(input.userId), now);
    const scan: ScanRecord = {
      userId: input.userId,
      scanId: input.scanId,
      trigger: input.trigger,
      status: "running",
      ...(input.executionArn ? { executionArn: input.executionArn } : {}),
      platforms,
      itemsScanned: 0,
      threatsFound: 0,
      platformProgress: {},
      ...(notSearched.face ? { notSearched } : {}),
      startedAt: isoNow(this.deps),
    };
    const existing = await this.deps.scans.get(input.userId, input.scanId);
    // Asked again just before the record is written: planning (decrypting samples) takes a while.
    if (await this.deps.erased.isErased(input.userId)) {
      return { userId: input.userId, scanId: input.scanId, platforms: [], searchable: false, skipped: ERASED };
    }
    // A resumed scan keeps its start time; only a new one is written fresh. The starter writes
    // its record before the plan is known, so the planned platforms always replace its list.
    await this.deps.scans.put(
      existing
        ? {
            ...existing,
            status: "running",
            platforms,
            ...(notSearched.face ? { notSearched } : {}),
            ...(input.executionArn ? { executionArn: input.executionArn } : {}),
          }
        : scan,
    );
    // Registered images are matched in every file a scan finds, so hashes alone make the account worth scanning.
    const searchable =
      people.some((p) => p.face.length > 0 || p.voice.length > 0) ||
      ((await this.deps.registeredImages?.holdsAny(input.userId)) ?? false);
    const tasks: PlatformTask[] = searchable
      ? platforms.map((platformId) => ({
          userId: input.userId,
          scanId: input.scanId,
          platformId,
          maxItems: ITEMS_PER_PLATFORM[profile.membershipTier],
        }))
      : [];
    return { userId: input.userId, scanId: input.scanId, platforms: tasks, searchable, skipped: undefined };
  }

  /** Finds candidate posts, plus profiles whose name imitates the person's. */
  async discover(task: PlatformTask): Promise<{ items: ItemTask[] }> {
    const connector = this.deps.sources.connector(task.platformId);
    const profile = await this.deps.accounts.getProfile(task.userId);
    if (!profile || (await this.deps.erased.isErased(task.userId))) return { items: [] };
    const people = await this.deps.enrolledPeople(task.userId);
    const names = protectedNames(profile, people);
    const items: ItemTask[] = [];
    const profilesSeen = new Set<string>();
    const base = { userId: task.userId, scanId: task.scanId, platformId: task.platformId };
    for await (const c of connector.discover(discoveryQuery(profile, people), {
      maxItems: task.maxItems,
      maxPages: 5,
    })) {
      if (!isOwnContent(profile, c.url, c.author.handle)) {
        if (c.mediaUrls.length > 0) items.push({ ...base, kind: "post", ref: c.ref, url: c.url });
      }
      this.addProfileCandidate(c, names, profile, profilesSeen, items, base);
    }
    return { items };
  }

  /**
   * Discover, with the items written to the platform's manifest for the batched analysis: the
   * workflow carries where the manifest lies and how many items it holds, never the items. Items
   * leave without the protected name a look-alike profile imitates (Analyse reads it again).
   */
  async discoverToManifest(
    task: PlatformTask,
    manifests: ItemManifestStore,
  ): Promise<{ manifest: ManifestLocation; itemCount: number }> {
    const { items } = await this.discover(task);
    const manifestItems: ManifestItem[] = items.map(({ userId: _u, scanId: _s, nameMatch: _n, ...item }) => item);
    const manifest = await manifests.write(manifestKey(task.userId, task.scanId, task.platformId), manifestItems);
    return { manifest, itemCount: manifestItems.length };
  }

  /**
   * Analyses one batch of a platform's manifest. An item that fails twice is that item's outcome
   * (the record step counts and skips it); the rest of the batch goes on. Outcomes keep item order.
   */
  async analyseBatch(
    batch: { userId: string; scanId: string; items: readonly ManifestItem[] },
    options: { retryDelayMs?: number } = {},
  ): Promise<BatchItemOutcome[]> {
    const outcomes: BatchItemOutcome[] = new Array(batch.items.length);
    let next = 0;
    const analyseOne = async (item: ManifestItem): Promise<BatchItemOutcome> => {
      const task = { ...item, userId: batch.userId, scanId: batch.scanId };
      try {
        return await this.analyseAndHandOn(task);
      } catch {
        // Once more, as Step Functions retried an item's own Analyse: a platform's hiccup is not a verdict.
        await new Promise((r) => setTimeout(r, options.retryDelayMs ?? 1000));
        try {
          return await this.analyseAndHandOn(task);
        } catch (error) {
          const e = error as Error;
          return { failed: true, url: item.url, error: { name: e.name, message: e.message } };
        }
      }
    };
    const worker = async () => {
      while (next < batch.items.length) {
        const index = next++;
        outcomes[index] = await analyseOne(batch.items[index] as ManifestItem);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_ITEM_CONCURRENCY, batch.items.length) }, worker));
    return outcomes;
  }

  private addProfileCandidate(
    c: CandidateItem,
    names: string[],
    profile: UserProfileRecord,
    seen: Set<string>,
    items: ItemTask[],
    base: { userId: string; scanId: string; platformId: string },
  ) {
    const handle = c.author.handle;
    if (!handle || seen.has(handle) || isOwnContent(profile, c.url, handle)) return;
    seen.add(handle);
    const match = nameVariantOf(handle, names) ?? nameVariantOf(c.author.displayName, names);
    if (match) items.push({ ...base, kind: "profile", ref: c.ref, url: c.url, handle, nameMatch: match.matchedName });
  }

  /**
   * Analyses one item and keeps what it found for the record step, answering only a key to it:
   * candidates name the person, and the workflow's state must not (item-outcomes.ts).
   */
  async analyseAndHandOn(task: ItemTask): Promise<HandedOutcome | ItemOutcome> {
    const outcome = await this.analyse(task);
    const store = this.deps.itemOutcomes;
    if (!store) return outcome;
    if (outcome.candidates.length === 0) return { candidates: 0 };
    const itemKey = sha256Hex(new TextEncoder().encode(`${task.kind}:${task.platformId}:${task.url}`));
    await store.put(task.userId, task.scanId, itemKey, outcome);
    return { kept: itemKey };
  }

  /** Fetches one item and analyses its media; a match leaves a write-once evidence package. */
  async analyse(task: ItemTask): Promise<ItemOutcome> {
    const people = await this.deps.enrolledPeople(task.userId);
    if (task.kind === "profile") return this.analyseProfile(task, people);
    const connector = this.deps.sources.connector(task.platformId);
    const item = await connector.fetchItem(task.ref, { includeMedia: true, maxMedia: 4 });
    // A category's scan (messaging) finds posts Telegram or Discord host: the threat and its notice are theirs.
    const host = hostingPlatform(task.platformId, task.ref.sourceId);
    const poser = await this.posingAs(task, item, people);
    const candidates: ThreatCandidate[] = [];
    for (const media of item.media) {
      const { finding, pdqProbes } = await this.findingFor(task, media, people);
      const found = { ...(item.title ? { title: item.title } : {}), url: item.url };
      const registered = await this.deps.registeredImages?.matchFor(task.userId, {
        bytes: media.bytes,
        ...(pdqProbes ? { probes: pdqProbes } : {}),
      });
      const matched = registered
        ? registeredImageVerdict(registered, finding, found)
        : likenessVerdict(finding, people, found);
      if (!matched) continue;
      const whose = people.find((p) => p.personId === matched.personId)?.displayName ?? "you";
      const verdict = poser && !registered ? impersonatingPost(matched, poser, whose) : matched;
      if (await this.deps.erased.isErased(task.userId)) return { url: item.url, candidates: [], skipped: ERASED };
      candidates.push(
        await postThreatCandidate(this.deps.evidence, {
          userId: task.userId,
          item,
          host,
          media,
          finding,
          verdict,
          capturedAt: isoNow(this.deps),
          ...(poser ? { imitatesName: poser.name } : {}),
        }),
      );
    }
    return { url: item.url, candidates };
  }

  /**
   * The poster's name when it imitates the person's (not their own account): its handle, or where
   * the platform names authors by an id (a YouTube channel), the name it shows.
   */
  private async posingAs(task: ItemTask, item: { url: string; author?: AuthorRef }, people: EnrolledPerson[]) {
    const author = item.author;
    if (!author?.handle) return null;
    const account = await this.deps.accounts.getProfile(task.userId);
    if (!account || isOwnContent(account, item.url, author.handle)) return null;
    const names = protectedNames(account, people);
    for (const name of [author.handle, author.displayName]) {
      const match = name ? nameVariantOf(name, names) : null;
      if (match) return { handle: author.handle, name, matchedName: match.matchedName };
    }
    return null;
  }

  /**
   * Identical bytes met again in the same scan (another platform, item or avatar) reuse the first
   * finding. `pdqProbes`: the PDQ hashes of the pixels this analysis decoded, when it decoded any,
   * kept in memory only (found media's hashes are no record of the person's).
   */
  private async findingFor(
    task: ItemTask,
    media: MediaToAnalyse,
    people: EnrolledPerson[],
  ): Promise<{ finding: LikenessFinding; pdqProbes?: MediaProbe[] }> {
    const key = { userId: task.userId, scanId: task.scanId, mediaSha256: sha256Hex(media.bytes) };
    const known = await this.deps.findings.get(key);
    if (known) return { finding: known };
    let pdqProbes: MediaProbe[] | undefined;
    const analysis = await this.deps.analyser.analyse(media, people, {
      mediaSha256: key.mediaSha256,
      onPdqProbes: (probes) => {
        pdqProbes = probes;
      },
    });
    const finding = { ...analysis, mediaSha256: key.mediaSha256 };
    // An analysis takes seconds: the account may have been erased meanwhile, and then nothing is kept.
    if (!(await this.deps.erased.isErased(task.userId))) await this.deps.findings.put(key, finding);
    return { finding, ...(pdqProbes ? { pdqProbes } : {}) };
  }

  /** Impersonation: a look-alike name is only a threat when the avatar is the person's face. */
  private async analyseProfile(task: ItemTask, people: EnrolledPerson[]): Promise<ItemOutcome> {
    const connector = this.deps.sources.connector(task.platformId);
    const profile = await connector.fetchProfile(task.handle ?? "").catch((error: unknown) => {
      // Some platforms (anonymous boards, marketplaces) have no public profiles: nothing to impersonate.
      if (error instanceof UnsupportedOperationError) return null;
      throw error;
    });
    if (!profile) return { url: task.url, candidates: [], skipped: "the platform has no public profiles" };
    if (!profile.avatarUrl) return { url: profile.url, candidates: [], skipped: "no avatar" };
    const avatar = await this.deps.sources.fetchMedia(profile.avatarUrl);
    const { finding } = await this.findingFor(task, avatar, people);
    const face = finding.face;
    if (!face || face.confidence < MATCH_FLOOR_PERCENT)
      return { url: profile.url, candidates: [], skipped: "avatar is not the person" };
    if (await this.deps.erased.isErased(task.userId)) return { url: profile.url, candidates: [], skipped: ERASED };
    const nameMatch = await this.nameMatchOf(task, profile.displayName, people);
    const capturedAt = isoNow(this.deps);
    // The account lives where the post naming it was found (Telegram or Discord for messaging).
    const host = hostingPlatform(task.platformId, task.ref.sourceId);
    const pkg = await writeEvidencePackage(this.deps.evidence, {
      userId: task.userId,
      media: { bytes: avatar.bytes, contentType: finding.contentType, url: avatar.url },
      ...(finding.perceptualHash ? { perceptualHash: finding.perceptualHash } : {}),
      page: { url: profile.url, platform: host, title: profile.displayName, metadata: { bio: profile.bio } },
      detection: { profile, nameMatch, finding: finding.result },
      capturedAt,
    });
    const person = people.find((p) => p.personId === face.personId);
    // Links to the person's own accounts, which impersonators copy, identify no one.
    const own = (await this.deps.accounts.getProfile(task.userId))?.ownAccounts ?? [];
    const poster = {
      platform: host,
      handle: profile.handle,
      bio: profile.bio,
      avatarSha256: finding.mediaSha256,
      // The id the profile was looked up by (a YouTube channel id), which its posts are listed under.
      ...(task.handle ? { alsoKnownAs: [task.handle] } : {}),
      ...(nameMatch ? { imitatesName: profile.handle } : {}),
    };
    return {
      url: profile.url,
      candidates: [
        {
          personId: face.personId,
          threatType: "impersonation",
          // Both the name and the face must match; the face confidence bounds the verdict.
          confidence: face.confidence,
          platform: host,
          contentType: "profile",
          url: profile.url,
          title: titleFor("impersonation", "profile", person?.displayName ?? "you", profile.handle),
          // The profile, not its avatar file, is the threat: one threat per impersonating account.
          mediaSha256: `${finding.mediaSha256}:${host}:${profile.handle.toLowerCase()}`,
          account: profile.handle,
          posterKeys: posterKeys(poster, own),
          evidence: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: pkg.manifest.capturedAt },
          detection: { nameMatch, handle: profile.handle, face },
          classification: classifyImpersonation({
            confidence: face.confidence,
            handle: profile.handle,
            ...(nameMatch ? { nameMatch } : {}),
            found: { title: profile.displayName, url: profile.url },
            ...(face.enrolment ? { enrolment: face.enrolment } : {}),
          }),
        },
      ],
    };
  }

  /**
   * Records one platform's matches as threats, then its counts in the scan's progress, so the
   * person watching a running scan sees each platform's items and threats as it finishes.
   */
  async record(input: {
    userId: string;
    scanId: string;
    platformId: string;
    outcomes: (ItemOutcome | HandedOutcome)[];
  }) {
    if (await this.deps.erased.isErased(input.userId)) return { created: [], sightings: 0, items: 0, skipped: ERASED };
    const candidates = (
      await Promise.all(input.outcomes.map((o) => this.handedBack(input.userId, input.scanId, o)))
    ).flat();
    const result = await recordThreatsOwingAlerts(
      { ...this.deps, now: () => isoNow(this.deps) },
      input.userId,
      input.scanId,
      candidates,
    );
    if (!result) return { created: [], sightings: 0, items: 0, skipped: ERASED };
    await this.deps.scans.recordPlatformProgress(input.userId, input.scanId, input.platformId, {
      items: input.outcomes.length,
      threats: result.created.length,
    });
    return {
      created: result.created.map((t) => t.id),
      sightings: result.sightings.length,
      items: input.outcomes.length,
    };
  }

  /** An item's candidates as analysed: read back by their key when they were kept. */
  private async handedBack(userId: string, scanId: string, outcome: ItemOutcome | HandedOutcome) {
    if ("url" in outcome) return outcome.candidates;
    if (!("kept" in outcome)) return [];
    // Kept a day: a record step that finds them gone (a scan resumed later) has nothing to record for the item.
    return (await this.deps.itemOutcomes?.get(userId, scanId, outcome.kept))?.candidates ?? [];
  }

  /** The protected name a look-alike profile imitates, read from the profile (the workflow does not carry it). */
  private async nameMatchOf(task: ItemTask, displayName: string | undefined, people: EnrolledPerson[]) {
    if (task.nameMatch) return task.nameMatch;
    const account = await this.deps.accounts.getProfile(task.userId);
    if (!account) return undefined;
    const names = protectedNames(account, people);
    const match =
      nameVariantOf(task.handle ?? "", names) ??
      (displayName ? nameVariantOf(displayName, names) : null) ??
      (await this.postedAsName(task, names));
    return match?.matchedName;
  }

  /**
   * The name the post that led to the account was signed with, as Discover matched it: a Telegram
   * channel's posts carry their author's name, not the channel's title. Read again from the post.
   */
  private async postedAsName(task: ItemTask, names: string[]) {
    const connector = this.deps.sources.connector(task.platformId);
    const post = await connector.fetchItem(task.ref, { includeMedia: false }).catch(() => null);
    return post?.author.displayName ? nameVariantOf(post.author.displayName, names) : null;
  }

  async finish(input: {
    userId: string;
    scanId: string;
    results?: { created: string[]; items: number }[];
    error?: unknown;
  }): Promise<{ scan: ScanRecord; newThreatIds: string[] } | { erased: true }> {
    // No record, no released slot, no alerts: the account and everything under it are gone.
    if (await this.deps.erased.isErased(input.userId)) return { erased: true };
    const scan = await this.deps.scans.get(input.userId, input.scanId);
    if (!scan) throw new DomainError("not-found", "Scan not found");
    const results = input.results ?? [];
    const newThreatIds = results.flatMap((r) => r.created);
    const done: ScanRecord = {
      ...scan,
      status: input.error ? "failed" : "succeeded",
      itemsScanned: results.reduce((n, r) => n + r.items, 0),
      threatsFound: newThreatIds.length,
      finishedAt: isoNow(this.deps),
    };
    await this.deps.scans.put(done);
    await this.deps.locks.release(input.userId, input.scanId);
    return { scan: done, newThreatIds };
  }
}

/** Scan interval of the frequency the schedule runs at (scan-schedule.ts), for stats. */
export function scanIntervalHours(profile: Pick<UserProfileRecord, "scanFrequency" | "membershipTier">): number {
  const frequency = effectiveFrequency(profile);
  return frequency === "hourly" ? 1 : frequency === "daily" ? 24 : 168;
}

export { SELF_PERSON_ID };
