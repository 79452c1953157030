import { snapshotOf, USER_ID_METADATA } from "@lg/domain/billing/adapters/stripe-billing";
import { BillingAccount } from "@lg/domain/table/entities";
import { describe, expect, it } from "vitest";

const statusOf = (status: string) =>
  snapshotOf({ id: "sub_1", customer: "cus_1", status, metadata: { [USER_ID_METADATA]: "u1" } }).status;

describe("a Stripe subscription's status", () => {
  it("is kept as Stripe reports it when the billing account records it, every one but our own 'none'", () => {
    const recorded = BillingAccount.schema.shape.status.options.filter((s) => s !== "none");
    expect(recorded).toHaveLength(7);
    for (const status of recorded) expect(statusOf(status)).toBe(status);
  });

  it("grants nothing when unknown or 'none': it is recorded as incomplete", () => {
    expect(statusOf("paused")).toBe("incomplete");
    expect(statusOf("none")).toBe("incomplete");
  });
});
