/**
 * A key declared as electrodb declares its composites: literal text and `{attribute}` names, e.g.
 * `USER#{userId}` or `AUDIT#{threatId}#{at}#{entryId?}` (a trailing `?` composite may be absent, and
 * the separator before it goes with it). The same declaration writes an item's key and builds every
 * read's key and key prefix, so a read can never spell a key differently from the write.
 */

/** The composite names a template names, `?` stripped. */
export type Composites<T extends string> = T extends `${string}{${infer A}}${infer Rest}`
  ? (A extends `${infer B}?` ? B : A) | Composites<Rest>
  : never;
type OptionalComposites<T extends string> = T extends `${string}{${infer A}}${infer Rest}`
  ? (A extends `${infer B}?` ? B : never) | OptionalComposites<Rest>
  : never;

export type KeyValue = string | number;
/** The values a key needs: every composite of the template (optional ones may be left out). */
export type KeyValues<T extends string> = { [K in Exclude<Composites<T>, OptionalComposites<T>>]: KeyValue } & {
  [K in OptionalComposites<T>]?: KeyValue;
};

type Segment = { text: string } | { attribute: string; optional: boolean };

export interface KeyTemplate<T extends string = string> {
  readonly template: T;
  /** The literal text before the first composite: the part every key of this template starts with. */
  readonly prefix: string;
  /** The whole key; throws when a required composite is missing, so no key reads `undefined`. */
  build(values: KeyValues<T>): string;
  /** The key up to the first composite not given: a `begins_with` prefix that ends before it. */
  prefixOf(values: Partial<KeyValues<T>>): string;
  /** The whole key from an attribute reader (derived composites included). */
  buildFrom(read: (attribute: string) => unknown): string;
}

function parse(template: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /\{(\w+)(\?)?\}/g;
  let at = 0;
  for (const match of template.matchAll(pattern)) {
    if (match.index > at) segments.push({ text: template.slice(at, match.index) });
    segments.push({ attribute: match[1] as string, optional: match[2] === "?" });
    at = match.index + match[0].length;
  }
  if (at < template.length) segments.push({ text: template.slice(at) });
  return segments;
}

export function keyTemplate<T extends string>(template: T): KeyTemplate<T> {
  const segments = parse(template);
  const first = segments[0];
  const prefix = first && "text" in first ? first.text : "";

  function render(read: (attribute: string) => unknown, stopAtMissing: boolean): string {
    let key = "";
    let pendingText = "";
    for (const segment of segments) {
      if ("text" in segment) {
        pendingText += segment.text;
        continue;
      }
      const value = read(segment.attribute);
      if (value === undefined || value === null) {
        if (stopAtMissing) return key + pendingText;
        if (segment.optional) {
          pendingText = "";
          continue;
        }
        throw new Error(`Key ${template}: ${segment.attribute} is missing`);
      }
      key += pendingText + String(value);
      pendingText = "";
    }
    return key + pendingText;
  }

  return {
    template,
    prefix,
    build: (values) => render((name) => (values as Record<string, unknown>)[name], false),
    prefixOf: (values) => render((name) => (values as Record<string, unknown>)[name], true),
    buildFrom: (read) => render(read, false),
  };
}

/** Every composite name a template names (for the table tests and docs). */
export function compositesOf(template: string): string[] {
  return parse(template).flatMap((s) => ("attribute" in s ? [s.attribute] : []));
}
