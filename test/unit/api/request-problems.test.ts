import { ScanPreferencesInput } from "@lg/domain/accounts/profile-shapes";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HttpError } from "../../../lambdas/src/shared/http/http-errors.js";
import { parseJson, parseParameters } from "../../../lambdas/src/shared/http/request.js";

const post = (body: unknown) =>
  ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }) as unknown as APIGatewayProxyEventV2;

function refusal(work: () => unknown): HttpError {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("a refused request says what to fix", () => {
  it("names a missing field instead of zod's 'Invalid input: expected string, received undefined'", () => {
    const missing = refusal(() =>
      parseJson(post({ platforms: ["youtube"], scanFrequency: "daily" }), ScanPreferencesInput),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.message).toBe("alertSensitivity is required");
  });

  it("names a field of the wrong type, and keeps every message a schema words itself", () => {
    const schema = z.object({ count: z.number(), name: z.string().min(1, "Enter a name") });
    expect(refusal(() => parseParameters({ count: "3", name: "x" }, schema, "Invalid query")).message).toBe(
      "count must be a number",
    );
    expect(refusal(() => parseParameters({ count: 3, name: "" }, schema, "Invalid query")).message).toBe(
      "Enter a name",
    );
  });
});
