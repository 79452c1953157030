import type { Model } from "./model.js";

/**
 * Models by name, created on first request, so a Lambda that never analyses audio never
 * loads an audio model, and every caller in one process shares one instance.
 */
const factories = new Map<string, () => Model<unknown, unknown>>();
const instances = new Map<string, Model<unknown, unknown>>();

export function registerModel<I, O>(name: string, factory: () => Model<I, O>): void {
  factories.set(name, factory as () => Model<unknown, unknown>);
}

export function getModel<I, O>(name: string): Model<I, O> {
  let model = instances.get(name);
  if (!model) {
    const factory = factories.get(name);
    if (!factory) throw new Error(`No model registered as '${name}'`);
    model = factory();
    instances.set(name, model);
  }
  return model as Model<I, O>;
}

export function registeredModels(): string[] {
  return [...factories.keys()];
}
