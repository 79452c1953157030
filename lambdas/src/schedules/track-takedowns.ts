import { takedownTracker } from "../shared/takedown-services.js";

/** Hourly: re-checks sent notices that are due, records removals and tells people about deadlines. */
export const handler = async () => {
  const run = await takedownTracker().runDue();
  console.info(JSON.stringify({ level: "info", job: "trackTakedowns", ...run }));
  return run;
};
