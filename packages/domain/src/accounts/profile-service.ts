import type { SampleLibrary } from "../biometrics/sample-library.js";
import { DomainError } from "../errors.js";
import type { UserProfileRecord } from "../records.js";
import type { MembershipTier } from "../table/entities.js";
import {
  assertAutoTakedownAllowed,
  assertDarkWebAllowed,
  assertPlatformsAllowed,
  assertScanFrequencyAllowed,
  TIERS,
} from "../tiers.js";
import type { AccountStore } from "./ports.js";
import { createProfileFromSetup } from "./profile-setup.js";
import {
  MAX_EXTRA_SETTINGS,
  PROFILE_SETUP_FIELDS,
  ProfileSetupInput,
  type ProfileUpdateInput,
  type ScanPreferencesInput,
} from "./profile-shapes.js";
import { type ProfileView, profileView } from "./profile-view.js";
import { applyScanCategories } from "./scan-categories.js";

export interface ProfileDeps {
  store: AccountStore;
  samples: SampleLibrary;
  now: () => Date;
}

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? "Invalid request";

/** Reading and changing one's own profile, preferences and tier, with the tier enforced. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async get(userId: string): Promise<ProfileView> {
    const profile = await this.require(userId);
    return profileView(profile, await this.deps.samples.activeSamples(userId), this.deps.now());
  }

  async update(userId: string, input: ProfileUpdateInput): Promise<ProfileView> {
    let profile = await this.require(userId);
    refuseClientTier(input.membershipTier, profile.membershipTier);
    const isSetup = PROFILE_SETUP_FIELDS.some((f) => f in input);
    const sections = [
      "identity",
      "scanPreferences",
      "notificationSettings",
      "privacySettings",
      "dataExpiryDays",
    ] as const;
    if (!isSetup && !sections.some((s) => input[s] !== undefined)) {
      throw new DomainError("invalid", "Nothing to update");
    }
    if (isSetup) {
      const setup = ProfileSetupInput.safeParse(input);
      if (!setup.success) throw new DomainError("invalid", firstIssue(setup.error));
      profile = createProfileFromSetup(setup.data, profile, this.deps.now());
    }
    if (input.identity) {
      const { firstName, lastName, aliases, handles, ownAccounts, country, address, city } = input.identity;
      // Where the person lives is kept when a step leaves it out: notices need it, and only this step asks.
      const place = { ...(country ? { country } : {}), ...(address ? { address } : {}), ...(city ? { city } : {}) };
      profile = { ...profile, firstName, lastName, aliases, handles, ownAccounts, ...place };
    }
    if (input.scanPreferences) {
      assertDarkWebAllowed(profile.membershipTier, input.scanPreferences.darkWeb ?? false);
      // The switches act on the chosen platforms, which is what a scan follows.
      const platforms = applyScanCategories(profile.membershipTier, profile.platforms, input.scanPreferences);
      profile = { ...profile, platforms, scanPreferences: { ...profile.scanPreferences, ...input.scanPreferences } };
    }
    if (input.notificationSettings) {
      const notificationSettings = { ...profile.notificationSettings, ...input.notificationSettings };
      // Each request is bounded; so is what they add up to, or repeated requests could grow the item.
      if (Object.keys(notificationSettings).length > MAX_EXTRA_SETTINGS) {
        throw new DomainError("invalid", `At most ${MAX_EXTRA_SETTINGS} notification settings`);
      }
      profile = { ...profile, notificationSettings };
    }
    if (input.privacySettings) {
      profile = { ...profile, privacySettings: { ...profile.privacySettings, ...input.privacySettings } };
    }
    if (input.dataExpiryDays !== undefined) {
      profile = { ...profile, dataExpiryDays: input.dataExpiryDays };
      await this.deps.samples.applyRetention(userId, input.dataExpiryDays);
    }
    await this.save(profile);
    return this.get(userId);
  }

  /** Limits are the tier billing gives the account (the store reads it from billing), never one the client names. */
  async saveScanPreferences(userId: string, input: ScanPreferencesInput): Promise<ProfileView> {
    const profile = await this.require(userId);
    const tier = profile.membershipTier;
    refuseClientTier(input.membershipTier, tier);
    const platforms = [...new Set(input.platforms)];
    assertPlatformsAllowed(tier, platforms);
    assertScanFrequencyAllowed(tier, input.scanFrequency);
    assertAutoTakedownAllowed(tier, input.autoTakedown);
    await this.save({
      ...profile,
      platforms,
      scanFrequency: input.scanFrequency,
      autoTakedown: input.autoTakedown,
      notificationSettings: { ...profile.notificationSettings, sensitivity: input.alertSensitivity },
    });
    return this.get(userId);
  }

  private async save(profile: UserProfileRecord) {
    await this.deps.store.putProfile({ ...profile, updatedAt: this.deps.now().toISOString() });
  }

  private async require(userId: string): Promise<UserProfileRecord> {
    const profile = await this.deps.store.getProfile(userId);
    if (!profile) throw new DomainError("unauthorized", "Unauthorized");
    return profile;
  }
}

/**
 * The plan is billing's (docs/billing.md): a request naming another tier is refused, so no one gets
 * a tier's platforms, frequency or takedowns by asking for them.
 */
function refuseClientTier(requested: string | undefined, billed: MembershipTier): void {
  if (requested === undefined || requested === billed) return;
  throw new DomainError(
    "forbidden",
    `Your plan is ${TIERS[billed].name}. Plans change only through billing: choose a plan on the pricing page, or use Manage billing in Settings.`,
  );
}
