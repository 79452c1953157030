/**
 * Genuine whole pictures from packages' sample media for the picture fits (fit:image's ai-image
 * rows and fit:fusion's levels, issue 25): the press, event, phone and portrait stills that
 * face-swap-sbi-material.ts fetches (its video clips are left to the face-swap fit). ../shared/train
 * held only camera test shots, face-dataset crops and studio portraits on the genuine side, so a
 * head could learn "press or event photo = generated" unseen; these pictures are fitted on and, by
 * their source, held to the same 1% bar at the "synthetic" level as every other genuine source.
 * ../shared/data (the evaluation set) is never read here.
 */
import path from "node:path";
import { fetchPackageMedia } from "./face-swap-sbi-material.js";

/** Where the packages are fetched to (outside the repo, never committed); shared with fit:face-swap-sbi. */
export const PACKAGE_MEDIA_DIR = "/tmp/lg-sbi-media";

export interface GenuinePackagePicture {
  /** The picture's key in caches and out-of-fold.json: `package:<registry> <name> <version>:<member>`. */
  key: string;
  /** Absolute path of the fetched file. */
  file: string;
  /** Its genuine source (e.g. press:face-api-demo): the unit the verdict levels' per-source bar reads. */
  system: string;
  licence: string;
  from: string;
}

export async function genuinePackagePictures(
  repoRoot: string,
  dir: string = PACKAGE_MEDIA_DIR,
): Promise<GenuinePackagePicture[]> {
  return (await fetchPackageMedia(path.resolve(dir), repoRoot))
    .filter((media) => media.kind === "still")
    .map((media) => ({
      key: `package:${media.from}:${media.member}`,
      file: media.file,
      system: media.source,
      licence: media.licence,
      from: media.from,
    }));
}
