/** What zero-knowledge mode changes in training, said before the camera starts. */
export function ZeroKnowledgeNotice() {
  return (
    <p className="banner" role="note">
      <strong>Zero-knowledge mode is on.</strong> Your three photos and your voice recording are analysed in this
      browser, and only face descriptors and a voice embedding (numbers, no images or audio) are sent. The first capture
      downloads the face models (about 14 MB) and the recording the voice models (about 22 MB), once.
    </p>
  );
}

/**
 * An onboarding step that zero-knowledge mode hands to Biometric Training, where the photo or
 * recording is analysed in this browser instead of being uploaded.
 */
export function EnrolledInTrainingStep({ id, title, sample }: { id: string; title: string; sample: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="banner" role="note">
        Zero-knowledge mode is on, so {sample}s are not uploaded: yours is enrolled in Biometric Training, analysed in
        this browser.
      </p>
    </section>
  );
}
