// A calculation sheet as a list stores it and as it is read back (the compact form of sheet-codec.ts).
import { decodeSheet, encodeSheet } from './sheet-codec'

/** A sheet as stored: the compact form of lists/sheet-codec.ts (no deflate: JSON + deflate were half the time of writing the sheets). */
export function packSheet(sheet: unknown): Buffer {
  return encodeSheet(sheet)
}

/** A stored sheet as the UI and the CLI show it: the compact form, or the deflated JSON of databases written before it. */
export function unpackSheet(blob: Buffer): unknown {
  return decodeSheet(blob)
}
