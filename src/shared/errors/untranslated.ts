// How an error key without a message reads: the key and its parameters, never nothing. Apart from the catalogue so
// that the renderer's entry chunk can use it without the catalogue (which loads as a chunk of its own).

/** `key (name=value, …)`, or the key alone without parameters. */
export function untranslated(key: string, params: Record<string, unknown> = {}): string {
  const p = Object.entries(params)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ')
  return p ? `${key} (${p})` : key
}
