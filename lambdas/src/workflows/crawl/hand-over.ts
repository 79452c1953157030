import { z } from "zod";
import { crawlService } from "../../shared/crawl/services.js";
import { observed } from "../../shared/observability.js";

const Input = z.object({ accounts: z.array(z.string().min(1)), threats: z.number().int().min(0) });

/** HandOverAlerts: the alerts and automatic takedowns the batch's threats are owed, sent now. */
export const handler = observed(async (event: unknown) => {
  const { accounts, threats } = Input.parse(event);
  const handed = await crawlService().handOver({ accounts });
  return { ...handed, threats };
});
