// Bytes to base64 in the browser (files the officer chooses travel to the main process this way).
export function toBase64(bytes: Uint8Array): string {
  let s = ''
  // in slices: String.fromCharCode with a whole file's bytes as arguments would overflow the call stack
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}
