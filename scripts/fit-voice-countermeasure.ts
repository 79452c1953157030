/**
 * `npm run fit:voice [-- --train DIR --data DIR]`: fits the voice countermeasure's head
 * (packages/detection/src/voice-synthetic/head.json) and its held-out heads (held-out-heads.json).
 * What is fitted, on what, and how: @lg/fitting/voice-countermeasure/fit.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { fitVoiceCountermeasure } from "@lg/fitting/voice-countermeasure/fit";

const { values } = parseArgs({
  options: {
    train: { type: "string", default: "../shared/train" },
    data: { type: "string", default: "../shared/data" },
  },
});

await fitVoiceCountermeasure({ trainDir: path.resolve(values.train), dataDir: path.resolve(values.data) });
