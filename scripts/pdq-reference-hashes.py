"""Reference PDQ hashes for the TypeScript port's conformance test (test/unit/detection/pdq.test.ts).

Meta's own C++ (facebook/ThreatExchange pdq/cpp, compiled by the pdqhash 0.2.8 package from PyPI,
which vendors it) hashes pictures from ../shared/data and ../shared/train, each as stored and in
its seven other rotations and flips (Pillow's transpose), so the test can hold the port to the
reference's rule: every hash of quality >= 80 within Hamming distance 10, and each dihedral
variant computed from the DCT within 10 of the hash of the rotated or flipped picture.

  python3 -m venv /tmp/pdq && /tmp/pdq/bin/pip install pdqhash==0.2.8 pillow numpy
  /tmp/pdq/bin/python scripts/pdq-reference-hashes.py > test/unit/detection/pdq-reference-hashes.json
"""

import json
import os
import sys

import numpy as np
import pdqhash
from PIL import Image

SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "shared")
ROOTS = ["data", "train"]
EXTENSIONS = (".jpg", ".jpeg", ".png")
SAMPLE = 60

# Pillow's transposes named as PDQ's dihedral variants (pdqDihedralHash256esFromFloatLuma):
# the reference's rotations are anticlockwise, flipX mirrors top to bottom.
TRANSPOSES = {
    "rotate90": Image.Transpose.ROTATE_90,
    "rotate180": Image.Transpose.ROTATE_180,
    "rotate270": Image.Transpose.ROTATE_270,
    "flipX": Image.Transpose.FLIP_TOP_BOTTOM,
    "flipY": Image.Transpose.FLIP_LEFT_RIGHT,
    "flipPlus1": Image.Transpose.TRANSPOSE,
    "flipMinus1": Image.Transpose.TRANSVERSE,
}
VARIANTS = ["original", "rotate90", "rotate180", "rotate270", "flipX", "flipY", "flipPlus1", "flipMinus1"]


def to_hex(bits):
    return "".join(f"{int(''.join(str(b) for b in bits[i:i + 4]), 2):x}" for i in range(0, 256, 4))


def pictures():
    found = []
    for root in ROOTS:
        for folder, _, files in os.walk(os.path.join(SHARED, root)):
            found += [os.path.join(folder, f) for f in files if f.lower().endswith(EXTENSIONS)]
    found.sort()
    step = max(1, len(found) // SAMPLE)
    return found[::step][:SAMPLE]


def main():
    rows = []
    for path in pictures():
        image = Image.open(path).convert("RGB")
        pixels = np.asarray(image)
        vectors, quality = pdqhash.compute_dihedral(pixels)
        transposed = {
            name: to_hex(pdqhash.compute(np.ascontiguousarray(np.asarray(image.transpose(t))))[0])
            for name, t in TRANSPOSES.items()
        }
        rows.append({
            "file": os.path.relpath(path, SHARED),
            "width": image.width,
            "height": image.height,
            "quality": int(quality),
            "dihedral": {name: to_hex(v) for name, v in zip(VARIANTS, vectors)},
            "transposed": transposed,
        })
    json.dump({"generator": "pdqhash 0.2.8 (ThreatExchange pdq/cpp), Pillow decode", "pictures": rows}, sys.stdout, indent=1)


main()
