/** What the onboarding steps that enrol a sample (face photo, voice recording) are given. */
export interface SampleStepProps {
  /** Signed in, so the sample is really enrolled (the demo only simulates it). */
  live: boolean;
  done: boolean;
  onDone: () => void;
  /** The account is in zero-knowledge mode: the sample is enrolled in Biometric Training, on the device. */
  zeroKnowledge?: boolean;
}
