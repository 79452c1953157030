import path from "node:path";
import { repoRoot } from "./repo-root.js";

/** Where `npm start` keeps everything between runs; LG_LOCAL_DATA_DIR moves it. */
export const defaultDataDir = () => path.resolve(process.env.LG_LOCAL_DATA_DIR ?? path.join(repoRoot, ".local-data"));
