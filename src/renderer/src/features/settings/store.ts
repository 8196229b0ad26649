// Settings store: office settings and system facts; applies language and theme at once, persists them in the database.
import { defineStore } from 'pinia'
import { computed, ref, type Ref } from 'vue'
import type { CallInput, CallOutput, Logo, Reply, Settings } from '@shared/contract/index'
import { LOGO_MAX_BYTES } from '@shared/contract/plain'
import { toBase64 } from '@renderer/util/base64'
import { api, errorMessage, failureMessage, isDesktop, unwrap } from '@renderer/api'
import { i18n, setUiLocale, type UiLocale } from '@renderer/i18n'

export type ThemeChoice = Settings['theme']
export const THEME_KEY = 'rating-office.theme'
/** How often the window asks whether the background checks of the opening are done. */
export const INTEGRITY_POLL_MS = 1_000

/** The theme of the first paint: the browser's copy of the office's choice ('system' when none). */
export function initialTheme(): ThemeChoice {
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
  const periods = ref<CallOutput<'system:archivePeriods'> | null>(null)
  const periodsError = ref<string | null>(null)
  const logo = ref<Logo | null>(null)
  const logoError = ref<string | null>(null)

  /** A card's figures read into `target`, or the failure's message into `error` (the card shows one or the other). */
  async function readInto<T>(target: Ref<T | null>, error: Ref<string | null>, read: () => Promise<Reply<T>>): Promise<void> {
    error.value = null
    try {
      target.value = unwrap(await read())
    } catch (e) {
      error.value = failureMessage(e)
    }
  }

  function applyTheme(next: ThemeChoice): void {
    theme.value = next
    localStorage.setItem(THEME_KEY, next)
  }

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      info.value = unwrap(await api.call('system:info', {}))
      if (info.value.integrityPending) followIntegrity()
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

  /**
   * The whole-file checks of the opening run in the background (seconds on a large database): asks again until
   * they are done, so that what they found joins the banner.
   */
  function followIntegrity(): void {
    setTimeout(() => {
      void api.call('system:info', {}).then((reply) => {
        if (!reply.ok) return
        info.value = reply.value
        if (reply.value.integrityPending) followIntegrity()
      })
    }, INTEGRITY_POLL_MS)
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
    await readInto(backups, backupsError, () => api.call('system:backups', {}))
  }

  /** The periods sealed into archive files and the closed years the office can seal (not served by a read-only archive). */
  async function loadPeriods(): Promise<void> {
    await readInto(periods, periodsError, () => api.call('system:archivePeriods', {}))
  }

  /** Seals a closed period into its archive file (every other call waits meanwhile); then the periods and backups read again. */
  async function seal(choice: CallInput<'system:seal'>): Promise<{ ok: true; value: CallOutput<'system:seal'> } | { ok: false; message: string }> {
    const reply = await api.call('system:seal', choice)
    await Promise.all([loadPeriods(), loadBackups()])
    return reply.ok ? reply : { ok: false, message: errorMessage(reply.error) }
  }

  /** The federation logo printed on exported lists. */
  async function loadLogo(): Promise<void> {
    await readInto(logo, logoError, () => api.call('settings:logo', {}))
  }

  /**
   * Sends the chosen image's bytes (the main process checks type, size and that it prints); null removes the
   * logo. Returns the failure's message, or null. A file over the limit is refused here, before it is read.
   */
  async function setLogo(file: File | null): Promise<string | null> {
    if (file && file.size > LOGO_MAX_BYTES) return i18n.global.t('settings.logo.tooLarge', { max: LOGO_MAX_BYTES / 1024 })
    const base64 = file ? toBase64(new Uint8Array(await file.arrayBuffer())) : null
    const reply = await api.call('settings:setLogo', { base64 })
    if (!reply.ok) return errorMessage(reply.error)
    logo.value = reply.value
    return null
  }

  /** The backups folder: the desktop app's folder dialog, or back to the default beside the database. */
  async function chooseBackupDir(use: 'dialog' | 'default'): Promise<string | null> {
    const reply = await api.call('settings:chooseBackupDir', { use })
    if (!reply.ok) return errorMessage(reply.error)
    settings.value = reply.value
    await loadBackups()
    return null
  }

  /** Puts a backup back (the current database is copied first); the caller then reloads the window. */
  async function restore(fileName: string): Promise<{ ok: true; value: CallOutput<'system:restore'> } | { ok: false; message: string }> {
    const reply = await api.call('system:restore', { fileName })
    return reply.ok ? reply : { ok: false, message: errorMessage(reply.error) }
  }

  async function setLocale(next: UiLocale): Promise<string | null> {
    setUiLocale(next)
    return save({ locale: next })
  }

  async function setTheme(next: ThemeChoice): Promise<string | null> {
    applyTheme(next)
    return save({ theme: next })
  }

  return { settings, info, theme, locale, loading, error, readOnly, backups, backupsError, periods, periodsError, logo, logoError, load, save, loadBackups, loadPeriods, seal, loadLogo, setLogo, chooseBackupDir, restore, isDesktop, setLocale, setTheme }
})
