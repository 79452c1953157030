import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** The sparse index partition of alert claims being sent (AlertOwed, gsi2). */
export const ALERT_CLAIMS_PARTITION = "ALERTCLAIMS#SENDING";

/**
 * An alert owed for one recorded threat: written before the threat itself, so a threat that exists
 * always has its alert owed, and a scan that dies after recording still alerts through its reconciler.
 */
export const AlertOwed = defineEntity({
  name: "AlertOwed",
  description:
    "The alert outbox: one item per recorded threat, owed until one message covering it was handed to the channels.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    scanId: z.string().min(1),
    status: z.enum(["owed", "sending", "sent"]),
    createdAt: isoDate,
    /** When a sender claimed it; a claim older than the claim lease may be taken over. */
    claimedAt: isoDate.optional(),
    sentAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "ALERTOWED#{threatId}" },
  // Claims in flight, across people, by claim time (sparse: only while sending), for the sweeper.
  indexes: {
    gsi2: {
      pk: ALERT_CLAIMS_PARTITION,
      sk: "{claimedOrCreatedAt}#{userId}#{threatId}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi2: (o) => o.status === "sending" },
  derive: (o) => ({ claimedOrCreatedAt: o.claimedAt ?? o.createdAt }),
  accessPatterns: [
    "Owe an alert for a threat once (conditional put)",
    "List a person's owed alerts and claim each for one sender (conditional update)",
    "Find claims whose sender died past the lease, across people, by claim time (gsi2, sparse)",
  ],
});
