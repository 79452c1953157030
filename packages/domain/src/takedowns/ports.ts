import type { EnrolledSample } from "@lg/notices";
import type { z } from "zod";
import type { Alert, TakedownNotice, UserProfile } from "../table/entities.js";

export type TakedownNoticeRecord = z.infer<typeof TakedownNotice.schema>;
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
}

export interface AlertRepository {
  put(alert: AlertRecord): Promise<void>;
  /** Every alert waiting for a digest, across users. */
  queued(): Promise<AlertRecord[]>;
}

/**
 * An enrolled sample as notices see it. `verified: false` marks one the server never checked
 * (biometrics/enrolment-verification.ts); `searched: false` one scans never compare against.
 */
export type PersonSample = EnrolledSample & { verified?: boolean; searched?: boolean };

/** What a notice needs about the person: the profile and when their samples were enrolled. */
export interface PersonRecords {
  getProfile(userId: string): Promise<ProfileRecord | null>;
  enrolledSamples(userId: string): Promise<PersonSample[]>;
}
