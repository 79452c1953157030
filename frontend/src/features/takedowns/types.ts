/** GET /api/takedowns and /api/takedowns/{id}: the web contract's types (packages/domain/src/takedowns/web-contract.ts). */
import type { TakedownSummary } from "@lg/domain/takedowns/web-contract";

export type {
  CaseAction,
  LegalClock,
  TakedownDetail,
  TakedownPage,
  TakedownSummary,
  TimelineEvent,
} from "@lg/domain/takedowns/web-contract";
export type NoticeState = TakedownSummary["state"];
