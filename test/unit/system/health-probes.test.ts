import { DescribeStateMachineCommand, SFNClient, StateMachineDoesNotExist } from "@aws-sdk/client-sfn";
import { STATUS_COMPONENTS } from "@lg/domain/system/status/components";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { checkHealth } from "../../../lambdas/src/api/system/check-health.js";
import { healthProbes } from "../../../lambdas/src/api/system/service-probes.js";

const sfn = mockClient(SFNClient);
const CRAWL_ARN = "arn:aws:states:eu-west-1:123456789012:stateMachine:likenessguard-dev-crawl";
const crawlHealth = async () =>
  (await checkHealth(healthProbes().filter((p) => p.name === "stepfunctions-crawl"))).services;

afterEach(() => {
  sfn.reset();
  vi.unstubAllEnvs();
});
afterAll(() => sfn.restore());

describe("GET /api/health's probes", () => {
  it("probe every service a status component relies on, the shared crawl's state machine included", () => {
    const probed = healthProbes().map((p) => p.name);
    expect(probed).toContain("stepfunctions-crawl");
    expect(new Set(probed).size).toBe(probed.length);
    for (const component of STATUS_COMPONENTS)
      expect(probed, component.id).toEqual(expect.arrayContaining([...component.services]));
  });

  it("find the crawl up when Step Functions describes the state machine its ARN names", async () => {
    vi.stubEnv("CRAWL_STATE_MACHINE_ARN", CRAWL_ARN);
    sfn.on(DescribeStateMachineCommand, { stateMachineArn: CRAWL_ARN }).resolves({ stateMachineArn: CRAWL_ARN });
    expect(await crawlHealth()).toEqual([expect.objectContaining({ name: "stepfunctions-crawl", ok: true })]);
    expect(sfn.commandCalls(DescribeStateMachineCommand).map((c) => c.args[0].input)).toEqual([
      { stateMachineArn: CRAWL_ARN },
    ]);
  });

  it("find the crawl down, saying why, when its state machine is missing or its ARN is not set", async () => {
    vi.stubEnv("CRAWL_STATE_MACHINE_ARN", CRAWL_ARN);
    sfn
      .on(DescribeStateMachineCommand)
      .rejects(new StateMachineDoesNotExist({ message: "State Machine Does Not Exist", $metadata: {} }));
    expect(await crawlHealth()).toEqual([
      expect.objectContaining({ ok: false, error: "StateMachineDoesNotExist: State Machine Does Not Exist" }),
    ]);
    vi.stubEnv("CRAWL_STATE_MACHINE_ARN", "");
    expect(await crawlHealth()).toEqual([
      expect.objectContaining({ ok: false, error: "Error: CRAWL_STATE_MACHINE_ARN is not set" }),
    ]);
  });
});
