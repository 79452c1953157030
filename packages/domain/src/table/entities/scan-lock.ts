import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/**
 * The one scan a person may have running. Taken by a conditional write (absent, expired, or already
 * this scan's), released by the scan's Finish or by the reconciler when its execution ends otherwise.
 */
export const ScanLock = defineEntity({
  name: "ScanLock",
  description: "Which scan of the person holds the one running-scan slot, until when (a lease against lost releases).",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    acquiredAt: isoDate,
    /** Past this the lock is free even if never released: the backstop for a lost status-change event. */
    leaseUntil: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "SCANLOCK" },
  accessPatterns: [
    "Start a scan only when no other scan of the person runs (conditional put)",
    "Release it when the scan ends",
  ],
});
