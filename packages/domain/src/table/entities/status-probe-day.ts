import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";
import { StatusComponentId } from "./status-probe-run.js";

/** One component's probe counts on one UTC day: the 7- and 30-day uptime, read as 31 small items. */
export const StatusProbeDay = defineEntity({
  name: "StatusProbeDay",
  description:
    "A component's probe results on one UTC day, counted as each run lands (ADD), with the first run's time: the 7- and 30-day uptime, and since when it is measured.",
  schema: z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    component: StatusComponentId,
    ok: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    firstAt: isoDate,
  }),
  primary: { pk: "STATUS", sk: "DAY#{day}#{component}" },
  accessPatterns: ["A component's daily probe counts over the last 31 days"],
});
