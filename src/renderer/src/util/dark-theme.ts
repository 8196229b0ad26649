// Naive UI's dark theme on demand: its chunk (every component's dark and light theme objects, about 100 KB) is loaded
// when the dark theme is first wanted, not evaluated with the entry by a light start-up (issue 14).
import type { GlobalTheme } from 'naive-ui'

let loaded: GlobalTheme | null = null

/** The dark theme if its chunk is loaded already, else null. */
export function loadedDarkTheme(): GlobalTheme | null {
  return loaded
}

export async function loadDarkTheme(): Promise<GlobalTheme> {
  loaded ??= (await import('./naive-dark-theme')).darkTheme
  return loaded
}
