/**
 * What a person relies on, and the services (GET /api/health's probes) each needs to work. A
 * component is up on a probe run when every one of its services answered; the page names the
 * component, never the internal service, except to say which one failed.
 */
export const STATUS_COMPONENTS = [
  { id: "sign-in", name: "Sign-in", what: "Signing up and signing in", services: ["cognito", "dynamodb"] },
  {
    id: "enrolment",
    name: "Enrolment",
    what: "Adding your face and voice",
    // The gallery too: every enrolled sample is written to it, and a failed write fails the enrolment.
    services: ["dynamodb", "s3-biometric", "kms", "gallery"],
  },
  {
    id: "scanning",
    name: "Scanning",
    what: "Scheduled and on-demand scans of platforms",
    // The shared crawl too: watched channels, boards and feeds are searched for everyone by it.
    services: ["dynamodb", "stepfunctions-scan", "stepfunctions-crawl", "scheduler", "s3-evidence"],
  },
  {
    id: "alerts",
    name: "Alerts",
    what: "Email, text and push alerts",
    services: ["dynamodb", "ses", "sns", "secrets-manager"],
  },
  {
    id: "takedowns",
    name: "Takedowns",
    what: "Sending takedown notices and tracking them",
    services: ["dynamodb", "stepfunctions-takedown", "ses", "s3-evidence"],
  },
] as const;

export type StatusComponentId = (typeof STATUS_COMPONENTS)[number]["id"];

/** The scheduled job's rate (SCHEDULED_JOBS.probeStatus): how often each component is probed. */
export const PROBE_INTERVAL_MINUTES = 5;

export interface ComponentResult {
  component: StatusComponentId;
  ok: boolean;
  /** The services that failed (or were not probed at all): empty when ok. */
  failing: string[];
}

/** Each component's result from one health check; a service the check did not report counts as failing. */
export function componentResults(services: readonly { name: string; ok: boolean }[]): ComponentResult[] {
  const okByName = new Map(services.map((s) => [s.name, s.ok]));
  return STATUS_COMPONENTS.map((c) => {
    const failing = c.services.filter((name) => okByName.get(name) !== true);
    return { component: c.id, ok: failing.length === 0, failing };
  });
}
