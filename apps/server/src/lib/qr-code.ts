/** The QR code library, loaded with the first QR code drawn rather than at every start. */
let loaded: Promise<typeof import('qrcode')> | undefined;

export function qrCode(): Promise<typeof import('qrcode')> {
  loaded ??= import('qrcode').then((m) => (m as unknown as { default: typeof import('qrcode') }).default ?? m);
  return loaded;
}
