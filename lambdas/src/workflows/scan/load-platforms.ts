import { newScanId } from "@lg/domain/scanning/scan-starter";
import { z } from "zod";
import { scanService } from "../../shared/scanning-services.js";

const Input = z.object({
  userId: z.string().min(1),
  // Scheduled runs carry no id of their own: the scan gets one here.
  scanId: z
    .string()
    .min(1)
    .default(() => newScanId()),
  trigger: z.enum(["schedule", "force"]).default("schedule"),
});

/** LoadPlatforms: the enabled platforms the tier allows, each with the query to run there. */
export const handler = async (event: unknown) => {
  const input = Input.parse(event);
  const plan = await scanService().plan(input);
  return {
    userId: plan.userId,
    scanId: plan.scanId,
    platforms: plan.platforms.map(({ platformId, query, maxItems }) => ({ platformId, query, maxItems })),
  };
};
