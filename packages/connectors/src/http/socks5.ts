import net from "node:net";

export interface SocksProxy {
  host: string;
  port: number;
}

/** Parses `socks5h://host:port` (the proxy resolves names, as Tor needs for .onion). */
export function parseSocksProxy(value: string): SocksProxy {
  const url = new URL(value);
  if (url.protocol !== "socks5h:" && url.protocol !== "socks5:") {
    throw new Error(`Unsupported proxy scheme ${url.protocol}; use socks5h://host:port`);
  }
  return { host: url.hostname, port: Number(url.port || 1080) };
}

/**
 * Opens a TCP tunnel with SOCKS5 CONNECT (RFC 1928, no authentication), passing the target as a
 * domain name so the proxy resolves it; local DNS never sees the name.
 */
export function socks5Connect(proxy: SocksProxy, host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxy.port, proxy.host);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error("SOCKS5 handshake timed out")));
    socket.once("error", fail);
    let stage: "greeting" | "connect" = "greeting";
    let buffered = Buffer.alloc(0);
    socket.on("connect", () => socket.write(Buffer.from([0x05, 0x01, 0x00])));
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (stage === "greeting") {
        if (buffered.length < 2) return;
        if (buffered[0] !== 0x05 || buffered[1] !== 0x00) return fail(new Error("SOCKS5 proxy refused no-auth method"));
        buffered = buffered.subarray(2);
        stage = "connect";
        const name = Buffer.from(host, "utf8");
        if (name.length > 255) return fail(new Error("Host name too long for SOCKS5"));
        const portBytes = Buffer.alloc(2);
        portBytes.writeUInt16BE(port);
        socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]), name, portBytes]));
        return;
      }
      const replyLength = socksReplyLength(buffered);
      if (replyLength === undefined || buffered.length < replyLength) return;
      if (buffered[1] !== 0x00) return fail(new Error(`SOCKS5 CONNECT failed with code ${buffered[1]}`));
      socket.off("data", onData);
      socket.off("error", fail);
      socket.setTimeout(0);
      const rest = buffered.subarray(replyLength);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    socket.on("data", onData);
  });
}

function socksReplyLength(reply: Buffer): number | undefined {
  if (reply.length < 5) return undefined;
  const addressType = reply[3];
  if (addressType === 0x01) return 4 + 4 + 2;
  if (addressType === 0x04) return 4 + 16 + 2;
  if (addressType === 0x03) return 4 + 1 + (reply[4] ?? 0) + 2;
  return 4;
}
