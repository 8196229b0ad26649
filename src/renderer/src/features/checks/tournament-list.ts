// A tournament's list as the screens name it (the dashboard, the tournaments' table, the review panel), from the one
// answer of the main side (services/tournament-list.ts): the list that rated it with its version, the one it goes into, or none.
import type { TournamentListRef } from '@shared/contract/index'
import { formatDay } from '@renderer/util/format'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** Short, for a table's cell: "1 Oct 2025, v1" (rated), "1 Nov 2025 (to come)", "—" (none). */
export function listCell(t: Translate, list: TournamentListRef): string {
  if (!list) return '—'
  return list.state === 'rated' ? t('checks.listCell.rated', { date: formatDay(list.listDate), version: list.version }) : t('checks.listCell.due', { date: formatDay(list.listDate) })
}

/** In words: "rated in the list of 1 Oct 2025, version 1", "goes into the list of 1 Nov 2025", "in no list". */
export function listSentence(t: Translate, list: TournamentListRef): string {
  if (!list) return t('checks.review.listNone')
  return list.state === 'rated' ? t('checks.review.listRated', { date: formatDay(list.listDate), version: list.version }) : t('checks.review.list', { date: formatDay(list.listDate) })
}
