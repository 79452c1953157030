import type { MembershipTier, ScanFrequency, Sensitivity } from "../../api/types";

export interface ScanSetupValues {
  platforms: string[];
  scanFrequency: ScanFrequency | "";
  alertSensitivity: Sensitivity | "";
  autoTakedown: boolean;
  membershipTier: MembershipTier | "";
}

export type ScanSetupErrors = Partial<Record<keyof ScanSetupValues, string>>;

/** Spec section 5 'Scan preferences form'. */
export function validateScanSetup(v: ScanSetupValues): ScanSetupErrors {
  const errors: ScanSetupErrors = {};
  if (v.platforms.length < 1) errors.platforms = "Select at least one platform to monitor";
  if (!v.scanFrequency) errors.scanFrequency = "Select scan frequency";
  if (!v.alertSensitivity) errors.alertSensitivity = "Select alert sensitivity";
  if (!v.membershipTier) errors.membershipTier = "Membership tier is required";
  return errors;
}

/** Changing the tier clears the chosen platforms and any frequency the new tier does not offer (spec section 4). */
export function changeTier(v: ScanSetupValues, tier: MembershipTier, frequencies: ScanFrequency[]): ScanSetupValues {
  return {
    ...v,
    membershipTier: tier,
    platforms: [],
    scanFrequency: v.scanFrequency && frequencies.includes(v.scanFrequency) ? v.scanFrequency : "",
    autoTakedown: tier === "personal" ? false : v.autoTakedown,
  };
}
