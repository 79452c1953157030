import { useEffect, useState } from "react";

/**
 * The authenticator-app setup link drawn as a QR code, in the browser: the secret it carries never
 * goes to a QR service. SVG (the library's defaults: error correction M, the 4-module quiet zone
 * scanners expect) stays sharp at any size; the library is loaded only when someone sets up an app.
 */
export async function otpauthQrDataUrl(otpauthUri: string): Promise<string> {
  const { toString: renderQr } = await import("qrcode");
  const svg = await renderQr(otpauthUri, { type: "svg" });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function TotpQrCode({ otpauthUri }: { otpauthUri: string }) {
  const [drawn, setDrawn] = useState<{ uri: string; src: string } | { uri: string; failed: true } | null>(null);
  useEffect(() => {
    let current = true;
    otpauthQrDataUrl(otpauthUri).then(
      (src) => current && setDrawn({ uri: otpauthUri, src }),
      () => current && setDrawn({ uri: otpauthUri, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [otpauthUri]);

  if (drawn?.uri !== otpauthUri) return <p className="small muted">Drawing the QR code…</p>;
  if ("failed" in drawn)
    return <p className="small muted">The QR code could not be drawn: use the setup link or the key below.</p>;
  return (
    <img
      className="totp-qr"
      src={drawn.src}
      width={192}
      height={192}
      alt="QR code to scan with your authenticator app"
    />
  );
}
