/** What zero-knowledge mode changes in training, said before the camera starts. */
export function ZeroKnowledgeNotice() {
  return (
    <p className="banner" role="note">
      <strong>Zero-knowledge mode is on.</strong> Your three photos are analysed in this browser and only face
      descriptors (numbers, no images) are sent. The first capture downloads the face models (about 14 MB) once. Your
      voice recording is still uploaded, encrypted, and deleted on your auto-delete schedule.
    </p>
  );
}
