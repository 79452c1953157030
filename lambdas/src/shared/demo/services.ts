import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { censoredPreview, censoredThumbnail, decodeAudio, faceDescriptors, speakerEmbedding } from "@lg/detection";
import { DemoService } from "@lg/domain/demo/demo-service";
import { DemoProfile } from "@lg/domain/table/entities";
import { toItem } from "@lg/domain/table/entity";
import { DetectionLikenessAnalyser } from "../analysis/likeness-analyser.js";
import { dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/** Demo media live in a folder named by DEMO_MEDIA_DIR (the labelled data set locally). */
async function readDemoMedia(path: string): Promise<Uint8Array> {
  const dir = process.env.DEMO_MEDIA_DIR;
  if (!dir) throw new Error("DEMO_MEDIA_DIR is not configured");
  const root = resolve(dir);
  const file = resolve(root, path);
  if (!file.startsWith(root + sep)) throw new Error("Demo media path escapes its folder");
  return new Uint8Array(await readFile(file));
}

export const demoService = once(
  () =>
    new DemoService({
      media: { read: readDemoMedia },
      enroller: {
        faceDescriptor: async (bytes) => {
          const [face] = await faceDescriptors(bytes);
          if (!face) throw new Error("No face in the demo enrolment photo");
          return face.descriptor;
        },
        voiceEmbedding: async (bytes) => speakerEmbedding((await decodeAudio(bytes)).samples),
      },
      analyser: new DetectionLikenessAnalyser(),
      renderPreview: censoredPreview,
      renderThumbnail: censoredThumbnail,
      profiles: {
        put: async (profile) => {
          await dynamo.send(new PutCommand({ TableName: env().TABLE_NAME, Item: toItem(DemoProfile, profile) }));
        },
      },
      now: () => new Date(),
    }),
);
