import { GetScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { describe, expect, inject, it } from "vitest";
import { SCHEDULED_JOBS } from "../../lambdas/src/workflows/tasks.js";
import { lambdaContext } from "../../local/src/lambda/lambda-context.js";
import { clientConfig } from "./local-clients.js";

/** Issue 27 item 4 on the local stack: the status page answers from probes the scheduled job stored. */
const { url: appUrl, env } = inject("localStack");

interface StatusAnswer {
  components: {
    name: string;
    current: { ok: boolean; at: string } | null;
    uptime: Record<"24h" | "7d" | "30d", { percent?: number; measuringSince?: string | null }>;
  }[];
  incidents: unknown[];
}

describe("the status page on the local stack", () => {
  it("is scheduled every 5 minutes by the local scheduler, as in AWS", async () => {
    const scheduler = new SchedulerClient(clientConfig(env, "AWS_ENDPOINT_URL_SCHEDULER"));
    const schedule = await scheduler.send(new GetScheduleCommand({ Name: "likenessguard-probeStatus" }));
    expect(schedule.ScheduleExpression).toBe(SCHEDULED_JOBS.probeStatus.rate);
    scheduler.destroy();
  });

  it("shows each component's latest stored probe, and 'measuring since' until probes cover a window", async () => {
    Object.assign(process.env, env);
    const { handler } = (await import(`../../${SCHEDULED_JOBS.probeStatus.entry}`)) as {
      handler: (event: unknown, context: unknown) => Promise<{ at: string; ok: boolean; failingServices: string[] }>;
    };
    const run = await handler({}, lambdaContext("job-probeStatus"));
    expect(run.ok).toBe(true);
    // Every probe answered, the webhook queues' too, though no component on the page needs them.
    expect(run.failingServices).toEqual([]);

    const answer = await fetch(`${appUrl}/api/status`);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as StatusAnswer;
    expect(page.components.map((c) => c.name)).toEqual(["Sign-in", "Enrolment", "Scanning", "Alerts", "Takedowns"]);
    for (const component of page.components) {
      expect(component.current?.ok).toBe(true);
      expect(component.current?.at && component.current.at >= run.at).toBe(true);
      // The stack started minutes ago: no window is covered, so no figure is stated.
      for (const window of ["24h", "7d", "30d"] as const) {
        expect(component.uptime[window].percent).toBeUndefined();
        expect(Date.parse(component.uptime[window].measuringSince ?? "")).toBeLessThanOrEqual(Date.parse(run.at));
      }
    }
    expect(page.incidents).toEqual([]);
  }, 60_000);

  it("names a webhook queue the job could not read among the failing services", async () => {
    Object.assign(process.env, env);
    const { handler } = (await import(`../../${SCHEDULED_JOBS.probeStatus.entry}`)) as {
      handler: (event: unknown, context: unknown) => Promise<{ failingServices: string[] }>;
    };
    const url = process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL;
    delete process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL;
    try {
      const run = await handler({}, lambdaContext("job-probeStatus"));
      expect(run.failingServices).toEqual(["sqs-webhooks-dead-letters"]);
    } finally {
      process.env.WEBHOOK_DEAD_LETTER_QUEUE_URL = url;
    }
  }, 60_000);
});
