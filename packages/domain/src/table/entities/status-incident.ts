import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";
import { StatusComponentId } from "./status-probe-run.js";

/** A component failing its probe, from the first failed run to the first passing one after it. */
export const StatusIncident = defineEntity({
  name: "StatusIncident",
  description:
    "A component that failed its probe: when the first failing run was, which services failed, and when a run next found it working.",
  schema: z.object({
    component: StatusComponentId,
    startedAt: isoDate,
    resolvedAt: isoDate.optional(),
    failing: z.array(z.string()),
  }),
  primary: { pk: "STATUS", sk: "INCIDENT#{startedAt}#{component}" },
  accessPatterns: ["The incidents of the last 30 days, newest first"],
});
