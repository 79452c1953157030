import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** What the status page measures: a component a person relies on (system/status/components.ts). */
export const StatusComponentId = z.enum(["sign-in", "enrolment", "scanning", "alerts", "takedowns"]);

/** One run of the scheduled status probe: each component's result, kept two days for the 24-hour figure. */
export const StatusProbeRun = defineEntity({
  name: "StatusProbeRun",
  description:
    "One run of the status probe (every 5 minutes): whether each component a person relies on answered, and which of its services failed, plus the incidents still open after it.",
  schema: z.object({
    at: isoDate,
    results: z.array(z.object({ component: StatusComponentId, ok: z.boolean(), failing: z.array(z.string()) })),
    /** Component id to the start of its incident still open after this run. */
    openIncidents: z.record(z.string(), isoDate).default({}),
    expiresAt: epochSeconds,
  }),
  primary: { pk: "STATUS", sk: "RUN#{at}" },
  ttl: true,
  accessPatterns: ["The probe runs of the last 24 hours (the 24-hour uptime), and the latest one (current state)"],
});
