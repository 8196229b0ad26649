// Bytes to and from base64 in the browser (files the officer chooses travel to the main process this way; files it writes come back)
export function toBase64(bytes: Uint8Array): string {
  let s = ''
  // in slices: String.fromCharCode with a whole file's bytes as arguments would overflow the call stack
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

/** Base64 back to bytes (a file the main process wrote, e.g. a PDF). */
export function fromBase64(b64: string): Uint8Array {
  const s = atob(b64)
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

/** Hands a file to the browser as a download (the desktop app's own save dialog opens on it). */
export function downloadFile(fileName: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes.slice().buffer], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  URL.revokeObjectURL(url)
}
