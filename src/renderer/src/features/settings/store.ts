// Settings store: office settings and system facts; applies language and theme at once, persists them in the database.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { CallOutput, Settings } from '@shared/contract/index'
import { api, errorMessage, failureMessage, unwrap } from '@renderer/api'
import { i18n, setUiLocale, type UiLocale } from '@renderer/i18n'

export type ThemeChoice = Settings['theme']
export const THEME_KEY = 'rating-office.theme'

function initialTheme(): ThemeChoice {
  const stored = localStorage.getItem(THEME_KEY)
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system'
}

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings | null>(null)
  const info = ref<CallOutput<'system:info'> | null>(null)
  const theme = ref<ThemeChoice>(initialTheme())
  const locale = computed<UiLocale>(() => i18n.global.locale.value as UiLocale)
  const loading = ref(false)
  const error = ref<string | null>(null)
  const readOnly = computed(() => info.value?.readOnly ?? false)
  const backups = ref<CallOutput<'system:backups'> | null>(null)
  const backupsError = ref<string | null>(null)

  function applyTheme(next: ThemeChoice): void {
    theme.value = next
    localStorage.setItem(THEME_KEY, next)
  }

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      info.value = unwrap(await api.call('system:info', {}))
      settings.value = unwrap(await api.call('settings:get', {}))
      // the database is the record; the browser's copy only serves the first paint (and read-only archives)
      if (!info.value.readOnly) {
        setUiLocale(settings.value.locale)
        applyTheme(settings.value.theme)
      }
    } catch (e) {
      error.value = failureMessage(e)
    } finally {
      loading.value = false
    }
  }

  /** Saves a change; returns the failure's message, or null. A read-only archive keeps choices in the browser only. */
  async function save(patch: Partial<Settings>): Promise<string | null> {
    if (readOnly.value) return null
    const reply = await api.call('settings:set', patch)
    if (!reply.ok) return errorMessage(reply.error)
    settings.value = reply.value
    return null
  }

  /** The backups folder and what it holds (not served by a read-only archive). */
  async function loadBackups(): Promise<void> {
    backupsError.value = null
    try {
      backups.value = unwrap(await api.call('system:backups', {}))
    } catch (e) {
      backupsError.value = failureMessage(e)
    }
  }

  async function setLocale(next: UiLocale): Promise<string | null> {
    setUiLocale(next)
    return save({ locale: next })
  }

  async function setTheme(next: ThemeChoice): Promise<string | null> {
    applyTheme(next)
    return save({ theme: next })
  }

  return { settings, info, theme, locale, loading, error, readOnly, backups, backupsError, load, save, loadBackups, setLocale, setTheme }
})
