import { describe, expect, it } from "vitest";
import { base32Decode, hotp, totp } from "../../support/totp.js";

describe("the tests' authenticator (RFC 6238)", () => {
  it("matches the RFC's SHA-1 test vectors", () => {
    const key = Buffer.from("12345678901234567890", "ascii");
    const at = (seconds: number) => hotp(key, Math.floor(seconds / 30), 8);
    expect(at(59)).toBe("94287082");
    expect(at(1111111109)).toBe("07081804");
    expect(at(1234567890)).toBe("89005924");
    expect(at(20000000000)).toBe("65353130");
  });

  it("reads base32 secrets as apps do", () => {
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString("ascii")).toBe("12345678901234567890");
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
  });
});
