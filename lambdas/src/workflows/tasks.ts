/**
 * Lambda-backed Task states of the state machines. Each ASL file names its Task resources
 * as "${<TaskName>Arn}" definition substitutions; CDK substitutes function ARNs and the local
 * runner binds the same names to the same handler modules.
 */
export const WORKFLOW_TASKS = {
  ScanLoadPlatforms: { entry: "lambdas/src/workflows/scan/load-platforms.ts", memoryMb: 256 },
  ScanDiscover: { entry: "lambdas/src/workflows/scan/discover.ts", memoryMb: 512, timeoutSeconds: 120 },
  ScanAnalyse: { entry: "lambdas/src/workflows/scan/analyse.ts", memoryMb: 2048, timeoutSeconds: 120 },
  ScanRecordThreats: { entry: "lambdas/src/workflows/scan/record-threats.ts", memoryMb: 512 },
  ScanFinish: { entry: "lambdas/src/workflows/scan/finish.ts", memoryMb: 256 },
  CrawlPlan: { entry: "lambdas/src/workflows/crawl/plan.ts", memoryMb: 256 },
  CrawlDiscover: { entry: "lambdas/src/workflows/crawl/discover.ts", memoryMb: 512, timeoutSeconds: 300 },
  CrawlAnalyse: { entry: "lambdas/src/workflows/crawl/analyse.ts", memoryMb: 2048, timeoutSeconds: 120 },
  CrawlRecord: { entry: "lambdas/src/workflows/crawl/record.ts", memoryMb: 512 },
  CrawlHandOver: { entry: "lambdas/src/workflows/crawl/hand-over.ts", memoryMb: 256, timeoutSeconds: 120 },
  TakedownPrepare: { entry: "lambdas/src/workflows/takedown/prepare.ts", memoryMb: 256 },
  TakedownSend: { entry: "lambdas/src/workflows/takedown/send.ts", memoryMb: 256 },
  AnalysisRun: { entry: "lambdas/src/workflows/analysis/run.ts", memoryMb: 2048, timeoutSeconds: 120 },
  AnalysisFail: { entry: "lambdas/src/workflows/analysis/fail.ts", memoryMb: 256 },
  AnalysisTell: { entry: "lambdas/src/workflows/analysis/tell.ts", memoryMb: 256 },
} as const;
export type WorkflowTask = keyof typeof WORKFLOW_TASKS;

export const STATE_MACHINES = {
  scan: { file: "statemachines/scan.asl.json" },
  takedown: { file: "statemachines/takedown.asl.json" },
  crawl: { file: "statemachines/crawl.asl.json" },
  analysis: { file: "statemachines/analysis.asl.json" },
} as const;

/** Scheduled jobs (EventBridge Scheduler in AWS, the local scheduler locally). */
export const SCHEDULED_JOBS = {
  trackTakedowns: { entry: "lambdas/src/schedules/track-takedowns.ts", rate: "rate(1 hour)" },
  // One shared crawl an hour of every configured source (crawl/crawl-service.ts).
  startCrawl: { entry: "lambdas/src/schedules/start-crawl.ts", rate: "rate(1 hour)" },
  sendDigests: { entry: "lambdas/src/schedules/send-digests.ts", rate: "rate(1 day)" },
  settleBillingPeriods: { entry: "lambdas/src/schedules/settle-billing-periods.ts", rate: "rate(1 hour)" },
  // ALERT_SWEEP_MINUTES (scanning/threat-handover.ts): a killed handover's alerts go out within the lease and this.
  sweepAlertClaims: { entry: "lambdas/src/schedules/sweep-alert-claims.ts", rate: "rate(5 minutes)" },
  // PROBE_INTERVAL_MINUTES (system/status/components.ts): the status page's uptime is counted in these runs.
  probeStatus: { entry: "lambdas/src/schedules/probe-status.ts", rate: "rate(5 minutes)" },
  // ERASURE_RESUME_AFTER_MS (accounts/erased-accounts.ts): also after each deploy and at each local start.
  resumeErasures: { entry: "lambdas/src/schedules/resume-erasures.ts", rate: "rate(15 minutes)", atStart: true },
  // FACE_REVIEW_DAYS (biometrics/face-review.ts): a review is resolved within the hour after its deadline.
  resolveFaceReviews: { entry: "lambdas/src/schedules/resolve-face-reviews.ts", rate: "rate(1 hour)" },
} as const;

/** Jobs that also run once when the product starts: after each deploy in AWS, at each start locally. */
export const JOBS_AT_START = (Object.keys(SCHEDULED_JOBS) as (keyof typeof SCHEDULED_JOBS)[]).filter(
  (job) => "atStart" in SCHEDULED_JOBS[job],
);

/**
 * Handlers of Step Functions "Execution Status Change" events (an EventBridge rule in AWS, the
 * Step Functions stand-in locally): executions of `machine` that end in one of `statuses`.
 */
export const EXECUTION_STATUS_HANDLERS = {
  // A scan stopped without reaching Finish (killed, timed out, aborted, or the stack restarted under it).
  reconcileScan: {
    entry: "lambdas/src/workflows/scan/reconcile.ts",
    machine: "scan",
    statuses: ["FAILED", "TIMED_OUT", "ABORTED"],
  },
} as const satisfies Record<
  string,
  { entry: string; machine: keyof typeof STATE_MACHINES; statuses: readonly ("FAILED" | "TIMED_OUT" | "ABORTED")[] }
>;
