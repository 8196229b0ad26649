// Whether the window is dark, decided in one place for the first mount (main.ts) and for every change after (App.vue),
// and Naive UI's dark theme on demand: its chunk (every component's dark and light theme objects, about 100 KB) is
// loaded when the dark theme is first wanted, not evaluated with the entry by a light start-up.
import { ref, type Ref } from 'vue'
import type { GlobalTheme } from 'naive-ui'
import type { ThemeChoice } from '@renderer/features/settings/store'

let osDark: Ref<boolean> | null = null

/** Whether the system asks for dark, followed as it changes ('system' reads it). */
function systemDark(): Ref<boolean> {
  if (!osDark) {
    const query = window.matchMedia('(prefers-color-scheme: dark)')
    const dark = ref(query.matches)
    query.addEventListener('change', (e) => (dark.value = e.matches))
    osDark = dark
  }
  return osDark
}

/** Whether a theme choice shows the window dark now (reactive: a computed of it follows the system's changes). */
export function wantsDark(choice: ThemeChoice): boolean {
  return choice === 'dark' || (choice === 'system' && systemDark().value)
}

let loaded: GlobalTheme | null = null

/** The dark theme if its chunk is loaded already, else null. */
export function loadedDarkTheme(): GlobalTheme | null {
  return loaded
}

export async function loadDarkTheme(): Promise<GlobalTheme> {
  loaded ??= (await import('./naive-dark-theme')).darkTheme
  return loaded
}
