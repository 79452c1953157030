#!/usr/bin/env bash
# `npm run fit:sbi-net`: reproduces the face-forgery network (issue 42) from ../shared/train and
# packages' genuine sample media: the pinned training environment, the product's own face crops,
# the three trainings (two source folds and the shipped one), then the levels and figures.
# Development only; never part of npm test. Extra arguments go to train-sbi.py (e.g. --steps).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
scripts/training/setup-venv.sh
nice -n 15 npx tsx scripts/training/export-sbi-crops.ts
nice -n 15 .cache/train-venv/bin/python scripts/training/train-sbi.py "$@"
npx tsx scripts/training/sbi-net-levels.ts
