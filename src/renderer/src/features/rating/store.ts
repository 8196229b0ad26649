// Rating store: rule sets (list, parameters, save/delete a federation profile) and the calculator's last calculation.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { CalcInput, CalcOutput, CallOutput, Edition } from '@shared/contract/index'
import { api, errorMessage, failureMessage, unwrap } from '@renderer/api'

export type EditionSummary = CallOutput<'rules:list'>[number]

const message = failureMessage

export const useRatingStore = defineStore('rating', () => {
  const editions = ref<EditionSummary[]>([])
  const loadingList = ref(false)
  const listError = ref<string | null>(null)

  const edition = ref<Edition | null>(null)
  const builtin = ref(true)
  const loadingEdition = ref(false)
  const editionError = ref<string | null>(null)

  const result = ref<CalcOutput | null>(null)
  const calculating = ref(false)
  const calcError = ref<string | null>(null)

  async function loadList(): Promise<void> {
    loadingList.value = true
    listError.value = null
    try {
      editions.value = unwrap(await api.call('rules:list', {}))
    } catch (e) {
      listError.value = message(e)
    } finally {
      loadingList.value = false
    }
  }

  async function loadEdition(id: string): Promise<void> {
    loadingEdition.value = true
    editionError.value = null
    try {
      const got = unwrap(await api.call('rules:get', { id }))
      edition.value = got.edition
      builtin.value = got.builtin
    } catch (e) {
      edition.value = null
      editionError.value = message(e)
    } finally {
      loadingEdition.value = false
    }
  }

  /** Saves a profile; returns the failure's message (with the parameter it names), or null. */
  async function saveProfile(profile: Edition, reason: string): Promise<string | null> {
    const reply = await api.call('rules:saveProfile', { profile, ...(reason ? { reason } : {}) })
    if (!reply.ok) return errorMessage(reply.error)
    await loadList()
    return null
  }

  async function deleteProfile(id: string, reason: string): Promise<string | null> {
    const reply = await api.call('rules:deleteProfile', { id, ...(reason ? { reason } : {}) })
    if (!reply.ok) return errorMessage(reply.error)
    await loadList()
    return null
  }

  async function calculate(input: CalcInput): Promise<void> {
    calculating.value = true
    calcError.value = null
    try {
      result.value = unwrap(await api.call('rating:calc', input))
    } catch (e) {
      result.value = null
      calcError.value = message(e)
    } finally {
      calculating.value = false
    }
  }

  return { editions, loadingList, listError, edition, builtin, loadingEdition, editionError, result, calculating, calcError, loadList, loadEdition, saveProfile, deleteProfile, calculate }
})
