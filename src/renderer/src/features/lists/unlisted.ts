// Why a player has no line on an office list, in the UI's language: the reason with its figures, then what happens to
// his games (the preview's row and the calculation sheet word it the same way).
import type { SheetUnlisted } from '@shared/contract/index'
import { formatDay } from '@renderer/util/format'

type Translate = (key: string, values?: Record<string, unknown>, plural?: number) => string

export function unlistedReason(t: Translate, u: SheetUnlisted): string {
  return t(`officeLists.unlisted.${u.reason}`, { games: u.games ?? 0, min: u.minGames ?? 0, ru: u.ru ?? '', floor: u.floor }, u.games ?? 0)
}

export function unlistedNext(t: Translate, u: SheetUnlisted): string {
  return u.windowUntil !== null ? t('officeLists.unlistedNext', { n: u.carried, date: formatDay(u.windowUntil) }, u.carried) : t('officeLists.unlistedNothing')
}
