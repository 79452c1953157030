import { contextEnv } from "../env.js";

/** Enrolment: the records of enrolled samples and face reviews. */
export const env = contextEnv("enrolment", ["TABLE_NAME"]);
