/**
 * The public pages' usage figures, counted from our own records rather than written as copy: people
 * protected, threats found, notices sent, content removed. Each says since when it counts (the
 * first record of its kind), so "12 threats found" never reads as a figure for all time.
 */
import { BiometricSample, TakedownNotice, Threat } from "../table/entities.js";

export interface UsageFigure {
  count: number;
  /** The earliest record counted (ISO date-time); absent while the count is 0. */
  since?: string;
}

export interface UsageFigures {
  /** People with at least one enrolled face or voice sample: whose likeness scans can look for. */
  peopleProtected: UsageFigure;
  /** Threats recorded by scans, less those the person marked false positives. */
  threatsFound: UsageFigure;
  /** Takedown notices that left: mailed by us, or filed by the person on a platform's form. */
  noticesSent: UsageFigure;
  /** Notices whose content a re-check later found gone. */
  contentRemoved: UsageFigure;
  countedAt: string;
}

/** The attributes counting reads: keys and dates only, never content, names or biometrics. */
export const USAGE_ATTRIBUTES = ["pk", "sk", "createdAt", "sentAt", "filedAt", "removedAt", "status"] as const;
export type UsageItem = Partial<Record<(typeof USAGE_ATTRIBUTES)[number], string>>;

/** Every record the figures count, however the store reaches them (a paged scan of the table). */
export interface UsageRecords {
  all(): AsyncIterable<UsageItem>;
}

class Tally {
  count = 0;
  since: string | undefined;
  add(at: string | undefined) {
    this.count += 1;
    if (at && (this.since === undefined || at < this.since)) this.since = at;
  }
  figure(): UsageFigure {
    return this.count > 0 && this.since ? { count: this.count, since: this.since } : { count: this.count };
  }
}

export function countUsage(items: Iterable<UsageItem>, now: Date): UsageFigures {
  const people = new Map<string, string | undefined>();
  const threats = new Tally();
  const sent = new Tally();
  const removed = new Tally();
  for (const item of items) {
    const sk = item.sk ?? "";
    if (sk.startsWith(BiometricSample.primary.skPrefix({}))) {
      // BIOMETRIC#<personId>#<modality>#<sampleId>: one person, however many samples.
      const person = `${item.pk}#${sk.split("#")[1]}`;
      const earliest = people.get(person);
      if (!people.has(person) || (item.createdAt && (!earliest || item.createdAt < earliest)))
        people.set(person, item.createdAt);
    } else if (sk.startsWith(Threat.primary.skPrefix({}))) {
      if (item.status !== "false_positive") threats.add(item.createdAt);
    } else if (sk.startsWith(TakedownNotice.primary.skPrefix({}))) {
      const left = item.sentAt ?? item.filedAt;
      if (left) sent.add(left);
      if (item.removedAt) removed.add(item.removedAt);
    }
  }
  const protectedPeople = new Tally();
  for (const at of people.values()) protectedPeople.add(at);
  return {
    peopleProtected: protectedPeople.figure(),
    threatsFound: threats.figure(),
    noticesSent: sent.figure(),
    contentRemoved: removed.figure(),
    countedAt: now.toISOString(),
  };
}

export async function countUsageFrom(records: UsageRecords, now: () => Date): Promise<UsageFigures> {
  const items: UsageItem[] = [];
  for await (const item of records.all()) items.push(item);
  return countUsage(items, now());
}
