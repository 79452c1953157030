// jsfive 0.4 ships no typings; only the reader calls MesoNet's weights need are declared.
declare module "jsfive" {
  export class Dataset {
    readonly shape: number[];
    readonly dtype: string;
    readonly value: ArrayLike<number>;
  }
  export class Group {
    readonly keys: string[];
    readonly attrs: Record<string, unknown>;
    get(path: string): Dataset | Group | undefined;
  }
  export class File extends Group {
    constructor(buffer: ArrayBuffer, filename: string);
  }
}
