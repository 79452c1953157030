/**
 * A minimal Python pickle virtual machine: the opcodes PyTorch's `torch.save` emits (protocols
 * 2-4), nothing executable. Globals are never imported: `resolveGlobal` decides what each one
 * means, and persistent ids (torch's storage references) go to `persistentLoad`.
 */

export class PyGlobal {
  constructor(
    readonly module: string,
    readonly name: string,
  ) {}
  get qualifiedName(): string {
    return `${this.module}.${this.name}`;
  }
}

/** An object of a class the reader does not know, kept with its constructor arguments and state. */
export class PyObject {
  state: unknown;
  constructor(
    readonly type: PyGlobal,
    readonly args: unknown[],
  ) {}
}

export interface PickleHooks {
  /** Called for REDUCE/NEWOBJ: return the value of calling `callable(...args)`. */
  call(callable: PyGlobal, args: unknown[]): unknown;
  persistentLoad(id: unknown): unknown;
}

const MARK = Symbol("mark");

export interface Unpickled {
  value: unknown;
  /** Offset just after the STOP opcode, so several pickles in one buffer can be read in turn. */
  end: number;
}

export function unpickle(bytes: Uint8Array, hooks: PickleHooks, start = 0): Unpickled {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const stack: unknown[] = [];
  const memo = new Map<number, unknown>();
  let pos = start;

  const popMark = (): unknown[] => {
    const items: unknown[] = [];
    for (;;) {
      if (stack.length === 0) throw new Error("Pickle: MARK not found");
      const item = stack.pop();
      if (item === MARK) break;
      items.push(item);
    }
    return items.reverse();
  };
  const top = (): unknown => {
    if (stack.length === 0) throw new Error("Pickle: stack underflow");
    return stack[stack.length - 1];
  };
  const pop = (): unknown => {
    if (stack.length === 0) throw new Error("Pickle: stack underflow");
    return stack.pop();
  };
  const readLine = (): string => {
    const end = bytes.indexOf(0x0a, pos);
    if (end < 0) throw new Error("Pickle: unterminated line");
    const line = decoder.decode(bytes.subarray(pos, end));
    pos = end + 1;
    return line;
  };
  const readText = (length: number): string => {
    const text = decoder.decode(bytes.subarray(pos, pos + length));
    pos += length;
    return text;
  };
  const setItem = (target: unknown, key: unknown, value: unknown): void => {
    if (target instanceof Map) target.set(key, value);
    else if (target instanceof PyObject) {
      // dict subclasses of unknown types (rare): keep items in the state.
      if (!(target.state instanceof Map)) target.state = new Map();
      (target.state as Map<unknown, unknown>).set(key, value);
    } else throw new Error("Pickle: SETITEM on a non-dict");
  };
  const append = (target: unknown, values: unknown[]): void => {
    if (!Array.isArray(target)) throw new Error("Pickle: APPEND on a non-list");
    target.push(...values);
  };

  for (;;) {
    if (pos >= bytes.length) throw new Error("Pickle: unexpected end of data");
    const op = bytes[pos++] as number;
    switch (op) {
      case 0x80: // PROTO
        pos += 1;
        break;
      case 0x95: // FRAME
        pos += 8;
        break;
      case 0x2e: // STOP
        return { value: pop(), end: pos };
      case 0x28: // MARK
        stack.push(MARK);
        break;
      case 0x7d: // EMPTY_DICT
        stack.push(new Map());
        break;
      case 0x5d: // EMPTY_LIST
        stack.push([]);
        break;
      case 0x29: // EMPTY_TUPLE
        stack.push([]);
        break;
      case 0x74: // TUPLE
        stack.push(popMark());
        break;
      case 0x85: // TUPLE1
        stack.push([pop()]);
        break;
      case 0x86: {
        // TUPLE2
        const b = pop();
        stack.push([pop(), b]);
        break;
      }
      case 0x87: {
        // TUPLE3
        const c = pop();
        const b = pop();
        stack.push([pop(), b, c]);
        break;
      }
      case 0x6c: // LIST
        stack.push(popMark());
        break;
      case 0x64: {
        // DICT
        const items = popMark();
        const dict = new Map();
        for (let i = 0; i + 1 < items.length; i += 2) dict.set(items[i], items[i + 1]);
        stack.push(dict);
        break;
      }
      case 0x4e: // NONE
        stack.push(null);
        break;
      case 0x88: // NEWTRUE
        stack.push(true);
        break;
      case 0x89: // NEWFALSE
        stack.push(false);
        break;
      case 0x4a: // BININT
        stack.push(view.getInt32(pos, true));
        pos += 4;
        break;
      case 0x4b: // BININT1
        stack.push(bytes[pos++]);
        break;
      case 0x4d: // BININT2
        stack.push(view.getUint16(pos, true));
        pos += 2;
        break;
      case 0x8a: {
        // LONG1
        const length = bytes[pos++] as number;
        let value = 0n;
        for (let i = length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[pos + i] as number);
        if (length > 0 && ((bytes[pos + length - 1] as number) & 0x80) !== 0) value -= 1n << BigInt(8 * length);
        pos += length;
        stack.push(Number(value));
        break;
      }
      case 0x47: // BINFLOAT (big-endian)
        stack.push(view.getFloat64(pos, false));
        pos += 8;
        break;
      case 0x58: {
        // BINUNICODE
        const length = view.getUint32(pos, true);
        pos += 4;
        stack.push(readText(length));
        break;
      }
      case 0x8c: // SHORT_BINUNICODE
        stack.push(readText(bytes[pos++] as number));
        break;
      case 0x55: // SHORT_BINSTRING
        stack.push(readText(bytes[pos++] as number));
        break;
      case 0x54: {
        // BINSTRING
        const length = view.getInt32(pos, true);
        pos += 4;
        stack.push(readText(length));
        break;
      }
      case 0x43: {
        // SHORT_BINBYTES
        const length = bytes[pos++] as number;
        stack.push(bytes.slice(pos, pos + length));
        pos += length;
        break;
      }
      case 0x42: {
        // BINBYTES
        const length = view.getUint32(pos, true);
        pos += 4;
        stack.push(bytes.slice(pos, pos + length));
        pos += length;
        break;
      }
      case 0x71: // BINPUT
        memo.set(bytes[pos++] as number, top());
        break;
      case 0x72: // LONG_BINPUT
        memo.set(view.getUint32(pos, true), top());
        pos += 4;
        break;
      case 0x94: // MEMOIZE
        memo.set(memo.size, top());
        break;
      case 0x68: // BINGET
        stack.push(memo.get(bytes[pos++] as number));
        break;
      case 0x6a: // LONG_BINGET
        stack.push(memo.get(view.getUint32(pos, true)));
        pos += 4;
        break;
      case 0x63: {
        // GLOBAL
        const module = readLine();
        const name = readLine();
        stack.push(new PyGlobal(module, name));
        break;
      }
      case 0x93: {
        // STACK_GLOBAL
        const name = pop() as string;
        const module = pop() as string;
        stack.push(new PyGlobal(module, name));
        break;
      }
      case 0x51: // BINPERSID
        stack.push(hooks.persistentLoad(pop()));
        break;
      case 0x52: // REDUCE
      case 0x81: {
        // NEWOBJ
        const args = pop() as unknown[];
        const callable = pop();
        if (!(callable instanceof PyGlobal)) throw new Error("Pickle: REDUCE on a non-global");
        stack.push(hooks.call(callable, args));
        break;
      }
      case 0x62: {
        // BUILD
        const state = pop();
        const target = top();
        if (target instanceof PyObject) target.state = state;
        else if (target instanceof Map && state instanceof Map) for (const [k, v] of state) target.set(k, v);
        // Other targets (tensors) carry no state torch needs for inference.
        break;
      }
      case 0x73: {
        // SETITEM
        const value = pop();
        const key = pop();
        setItem(top(), key, value);
        break;
      }
      case 0x75: {
        // SETITEMS
        const items = popMark();
        const target = top();
        for (let i = 0; i + 1 < items.length; i += 2) setItem(target, items[i], items[i + 1]);
        break;
      }
      case 0x61: {
        // APPEND
        const value = pop();
        append(top(), [value]);
        break;
      }
      case 0x65: {
        // APPENDS
        const items = popMark();
        append(top(), items);
        break;
      }
      default:
        throw new Error(`Pickle: unsupported opcode 0x${op.toString(16)} at ${pos - 1}`);
    }
  }
}
