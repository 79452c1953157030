import type { EnrolledSample } from "@lg/notices";
import type { z } from "zod";
import type { Alert, TakedownEvent, TakedownNotice, UserProfile } from "../table/entities.js";

export type TakedownNoticeRecord = z.infer<typeof TakedownNotice.schema>;
export type NoticeStatus = TakedownNoticeRecord["status"];
export type TakedownEventRecord = z.infer<typeof TakedownEvent.schema>;

/** One page of a person's notices, newest first; `cursor` continues after the last one. */
export interface NoticePage {
  notices: TakedownNoticeRecord[];
  cursor?: string;
}
export type AlertRecord = z.infer<typeof Alert.schema>;
export type ProfileRecord = z.infer<typeof UserProfile.schema>;

export interface NoticeRepository {
  /** Creates or replaces the notice; a status other than `sent` takes it off the tracking index. */
  put(notice: TakedownNoticeRecord): Promise<void>;
  /** Sent or filed notices whose next re-check is at or before `now`, oldest first. */
  dueForCheck(now: string): Promise<TakedownNoticeRecord[]>;
  get(userId: string, noticeId: string): Promise<TakedownNoticeRecord | null>;
  /** Every notice of one person (their threat list shows each threat's latest). */
  listForUser(userId: string): Promise<TakedownNoticeRecord[]>;
  /**
   * Up to `limit` of one person's notices, newest first, only those whose status is in `statuses`
   * when given. A cursor that is not one this person was given fails with an "invalid" DomainError.
   */
  page(
    userId: string,
    options: { limit: number; cursor?: string; statuses?: readonly NoticeStatus[] },
  ): Promise<NoticePage>;
  /** Replaces the notice only while its stored status is still `status`; false when it changed meanwhile. */
  replaceIf(notice: TakedownNoticeRecord, status: NoticeStatus): Promise<boolean>;
  /** Adds one event to a notice's timeline. */
  appendEvent(event: TakedownEventRecord): Promise<void>;
  /** A notice's timeline, oldest first. */
  events(userId: string, noticeId: string): Promise<TakedownEventRecord[]>;
}

export interface AlertRepository {
  put(alert: AlertRecord): Promise<void>;
  /** Every alert waiting for a digest, across users. */
  queued(): Promise<AlertRecord[]>;
}

/**
 * An enrolled sample as notices see it. `verified: false` marks one the server never checked
 * (biometrics/enrolment-verification.ts); `searched: false` one scans never compare against;
 * `lapsed` one verified before the live check, whose verification no longer counts.
 */
/** `underReview`: a face more than one account verified, while its review runs (biometrics/face-review.ts). */
export type PersonSample = EnrolledSample & {
  verified?: boolean;
  searched?: boolean;
  lapsed?: boolean;
  underReview?: boolean;
};

/** What a notice needs about the person: the profile and when their samples were enrolled. */
export interface PersonRecords {
  getProfile(userId: string): Promise<ProfileRecord | null>;
  enrolledSamples(userId: string): Promise<PersonSample[]>;
  /**
   * Another person this account protects (enterprise), while their own consent is current: their
   * own user (whose profile and samples a notice about them rests on) and the name they were invited by.
   */
  protectedMember(accountId: string, personId: string): Promise<{ memberUserId: string; displayName: string } | null>;
}
