import { Threat, UserProfile } from "@lg/domain/table/entities";
import type {
  AlertRecord,
  AlertRepository,
  NoticeRepository,
  NoticeStatus,
  PersonRecords,
  ProfileRecord,
  TakedownEventRecord,
  TakedownNoticeRecord,
} from "@lg/domain/takedowns/ports";
import type { EnrolledSample, RenderedEmail, ThreatRecord } from "@lg/notices";
import { threatClassification } from "../../support/threat-classification.js";

export const USER = "user-1";
export const MEDIA_SHA256 = "9f2c1e8b7a6d5c4b3a29181706f5e4d3c2b1a09f8e7d6c5b4a3928170615f4e3";

export function profile(overrides: Partial<ProfileRecord> = {}): ProfileRecord {
  return UserProfile.schema.parse({
    userId: USER,
    email: "ada.moreno@example.com",
    phone: "+1 (415) 555-0100",
    firstName: "Ada",
    lastName: "Moreno",
    address: "12 Harbor Street",
    city: "San Francisco",
    country: "US",
    createdAt: "2026-10-01T09:00:00.000Z",
    updatedAt: "2026-10-01T09:00:00.000Z",
    ...overrides,
  });
}

export function threat(overrides: Partial<ThreatRecord> = {}): ThreatRecord {
  return Threat.schema.parse({
    userId: USER,
    id: "01JTHREAT0000000000000000A",
    personId: "self",
    threatType: "deepfake",
    confidence: 93,
    platform: "reddit",
    url: "https://www.reddit.com/r/pics/comments/abc123/",
    status: "active",
    mediaSha256: MEDIA_SHA256,
    evidenceData: { hash: MEDIA_SHA256, manifestKey: "evidence/m.json", capturedAt: "2026-11-20T10:15:00.000Z" },
    createdAt: "2026-11-20T10:15:00.000Z",
    updatedAt: "2026-11-20T10:15:00.000Z",
    // A face match whose media was not checked for synthesis, unless a test names the type.
    classification: overrides.threatType
      ? threatClassification(overrides.threatType, { confidence: overrides.confidence ?? 93 })
      : threatClassification("likeness_misuse", { confidence: overrides.confidence ?? 93, syntheticUnchecked: true }),
    ...overrides,
  });
}

export class InMemoryNotices implements NoticeRepository {
  readonly items = new Map<string, TakedownNoticeRecord>();
  async put(notice: TakedownNoticeRecord) {
    this.items.set(notice.noticeId, structuredClone(notice));
  }
  async dueForCheck(now: string) {
    return [...this.items.values()].filter(
      (n) => (n.status === "sent" || n.status === "filed") && (n.nextCheckAt ?? "") <= now,
    );
  }
  async get(userId: string, noticeId: string) {
    const notice = this.items.get(noticeId);
    return notice && notice.userId === userId ? structuredClone(notice) : null;
  }
  async listForUser(userId: string) {
    return [...this.items.values()].filter((n) => n.userId === userId).map((n) => structuredClone(n));
  }
  async page(userId: string, options: { limit: number; cursor?: string; statuses?: readonly NoticeStatus[] }) {
    const mine = (await this.listForUser(userId))
      .filter((n) => !options.statuses || options.statuses.includes(n.status))
      .sort((a, b) => `${b.createdAt}#${b.noticeId}`.localeCompare(`${a.createdAt}#${a.noticeId}`));
    const from = options.cursor ? mine.findIndex((n) => `${n.createdAt}#${n.noticeId}` === options.cursor) + 1 : 0;
    const notices = mine.slice(from, from + options.limit);
    const last = notices.at(-1);
    return {
      notices,
      ...(last && from + options.limit < mine.length ? { cursor: `${last.createdAt}#${last.noticeId}` } : {}),
    };
  }
  async replaceIf(notice: TakedownNoticeRecord, status: NoticeStatus) {
    if (this.items.get(notice.noticeId)?.status !== status) return false;
    await this.put(notice);
    return true;
  }
  readonly timeline: TakedownEventRecord[] = [];
  async appendEvent(event: TakedownEventRecord) {
    this.timeline.push(structuredClone(event));
  }
  async events(userId: string, noticeId: string) {
    return this.timeline.filter((e) => e.userId === userId && e.noticeId === noticeId).map((e) => structuredClone(e));
  }
}

export class InMemoryAlerts implements AlertRepository {
  readonly items = new Map<string, AlertRecord>();
  async put(alert: AlertRecord) {
    this.items.set(alert.alertId, structuredClone(alert));
  }
  async queued() {
    return [...this.items.values()].filter((a) => a.status === "queued");
  }
}

export class InMemoryPeople implements PersonRecords {
  constructor(
    public person: ProfileRecord | null = profile(),
    public samples: EnrolledSample[] = [
      // The threat() fixture's media is a re-post of this photo (same file), so it can be claimed.
      {
        sampleId: "face-1",
        modality: "face",
        createdAt: "2026-10-01T09:00:00.000Z",
        source: "upload",
        mediaSha256: MEDIA_SHA256,
      },
      { sampleId: "voice-1", modality: "voice", createdAt: "2026-10-02T09:00:00.000Z", source: "upload" },
    ],
  ) {}
  /** Other people the account protects, by person id: their own user, profile and samples. */
  readonly members = new Map<
    string,
    { memberUserId: string; displayName: string; profile: ProfileRecord; samples: EnrolledSample[] }
  >();
  private member(userId: string) {
    return [...this.members.values()].find((m) => m.memberUserId === userId);
  }
  async getProfile(userId?: string) {
    return (userId && this.member(userId)?.profile) || this.person;
  }
  async enrolledSamples(userId?: string) {
    return (userId && this.member(userId)?.samples) || this.samples;
  }
  async protectedMember(_accountId: string, personId: string) {
    const member = this.members.get(personId);
    return member ? { memberUserId: member.memberUserId, displayName: member.displayName } : null;
  }
}

export class RecordingMail {
  readonly sent: (RenderedEmail & { to: string; replyTo?: string })[] = [];
  async send(message: RenderedEmail & { to: string; replyTo?: string }) {
    this.sent.push(message);
    return { messageId: `mail-${this.sent.length}` };
  }
}

export class RecordingSms {
  readonly sent: { phoneNumber: string; text: string }[] = [];
  async send(message: { phoneNumber: string; text: string }) {
    this.sent.push(message);
    return { messageId: `sms-${this.sent.length}` };
  }
}

let counter = 0;
export const sequentialId = () => `id-${++counter}`;
