/** GET /api/takedowns and /api/takedowns/{id}, as the server answers them (packages/domain/src/takedowns/takedown-centre.ts). */
import type { TakedownSummary } from "@lg/domain/takedowns/takedown-centre";
import type { AutomationOutcome } from "./AutomationOutcome";

export type { CaseAction, LegalClock } from "@lg/domain/takedowns/notice-case";
export type { TakedownDetail, TakedownSummary, TimelineEvent } from "@lg/domain/takedowns/takedown-centre";
export type NoticeState = TakedownSummary["state"];

export interface TakedownPage {
  items: TakedownSummary[];
  nextCursor?: string;
  /** With the first page: open threats whose automatic takedown sent nothing, and why. */
  notSent?: AutomationOutcome[];
}
