import { digestService } from "../shared/takedown-services.js";

/** Daily: sends the daily and (when a week has gathered) weekly digests of queued alerts. */
export const handler = async () => {
  const run = await digestService().sendDue();
  console.info(JSON.stringify({ level: "info", job: "sendDigests", ...run }));
  return run;
};
