/** What global-setup hands to the integration tests about the running local stack. */
export interface ProvidedStack {
  url: string;
  env: Record<string, string>;
  greetingStateMachineArn: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    localStack: ProvidedStack;
  }
}

export const GREETING_STATE_MACHINE = "greeting-test";
export const GREETING_TASKS = { Greet: { entry: "test/integration/fixtures/greet-task.ts" } };
