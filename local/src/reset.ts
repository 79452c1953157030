import { existsSync, rmSync } from "node:fs";
import { defaultDataDir } from "./data-dir.js";

const dir = defaultDataDir();
if (!existsSync(dir)) {
  console.log(`Nothing to reset: ${dir} does not exist.`);
} else {
  rmSync(dir, { recursive: true, force: true });
  console.log(`Removed ${dir}: local users, data, uploads, keys, schedules and the outbox are gone.`);
  console.log("The next `npm start` begins with an empty local stack.");
}
