import { profileView } from "@lg/domain/accounts/profile-view";
import { UserProfile } from "@lg/domain/table/entities";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-26T10:00:00.000Z");
const account = (contact: { email?: string; phone?: string }, notificationSettings = {}) =>
  UserProfile.schema.parse({
    userId: "u1",
    ...contact,
    notificationSettings,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  });

describe("alert channel defaults", () => {
  it("default to text messages for an account signed up by phone, which has no email address", () => {
    expect(profileView(account({ phone: "+15551234567" }), [], NOW).notificationSettings).toMatchObject({
      email: false,
      sms: true,
      push: true,
    });
  });

  it("stay email (and no texts) for an account with an email address", () => {
    expect(
      profileView(account({ email: "ada@example.com", phone: "+15551234567" }), [], NOW).notificationSettings,
    ).toMatchObject({ email: true, sms: false });
  });

  it("never override what the person saved", () => {
    const saved = account({ phone: "+15551234567" }, { email: true, sms: false });
    expect(profileView(saved, [], NOW).notificationSettings).toMatchObject({ email: true, sms: false });
  });
});
