import type { VerifiedFaceRegister } from "../biometrics/ports.js";
import type { Gallery } from "./gallery.js";

/**
 * The register of verified faces across accounts, read from the gallery: it holds every sample's
 * embedding with its verification as scans judge it (a face verified before the live check is
 * demoted there too), so the check needs no decryption of other people's sealed embeddings.
 */
export class GalleryFaceRegister implements VerifiedFaceRegister {
  constructor(private readonly gallery: () => Pick<Gallery, "verifiedElsewhere" | "verifiedHolder">) {}

  verifiedElsewhere(userId: string, face: Float32Array): Promise<boolean> {
    return this.gallery().verifiedElsewhere(face, "face", userId);
  }

  holderOf(userId: string, face: Float32Array): Promise<string | null> {
    return this.gallery().verifiedHolder(face, "face", userId);
  }
}
