import { readFileSync } from "node:fs";
import recipientsJson from "../../data/recipients.json" with { type: "json" };
import { type RecipientEntry, RecipientsFile } from "./schema.js";

/** Lookup of platforms' takedown channels, validated once at load. */
export class RecipientDirectory {
  private readonly byId: ReadonlyMap<string, RecipientEntry>;

  constructor(file: RecipientsFile) {
    this.byId = new Map(file.platforms.map((entry) => [entry.platformId, entry]));
  }

  /** Throws a zod error naming the bad entry, so an edit that breaks the file fails loudly at start. */
  static parse(json: unknown): RecipientDirectory {
    return new RecipientDirectory(RecipientsFile.parse(json));
  }

  /** An edited copy of the file (e.g. `RECIPIENTS_FILE`) without rebuilding the code. */
  static fromFile(path: string): RecipientDirectory {
    return RecipientDirectory.parse(JSON.parse(readFileSync(path, "utf8")));
  }

  platformIds(): string[] {
    return [...this.byId.keys()];
  }

  find(platformId: string): RecipientEntry | undefined {
    return this.byId.get(platformId);
  }
}

let bundled: RecipientDirectory | undefined;

/** The directory shipped in packages/notices/data/recipients.json. */
export function defaultRecipientDirectory(): RecipientDirectory {
  bundled ??= RecipientDirectory.parse(recipientsJson);
  return bundled;
}
