#!/usr/bin/env bash
# Creates the development-only training environment in .cache/train-venv from requirements.lock.
# Not part of npm test: only `npm run fit:sbi-net` needs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.cache/train-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3.11 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/scripts/training/requirements.lock"
"$venv/bin/python" -c "import torch, onnx; print('torch', torch.__version__, 'onnx', onnx.__version__)"
