// A rated tournament's page on the public website (its dates, place, the lists that rated it, its crosstable), in one
// language, from the site model (model.ts): a withheld player's name shown as withheld, every link relative.
import { SITE_LABELS, type SiteLocale } from './labels'
import { day, esc, num, page, rel, table, type PageRef } from './html'
import { listPage, type SiteTournament } from './model'
import { link, listName } from './pages'

const L = (locale: SiteLocale) => SITE_LABELS[locale]

function cell(code: string, opponent: number | null, color: string | null): string {
  const result = code === '=' ? '½' : code
  return `${opponent ?? ''}${color ?? ''}${result.trim()}`
}

/** A rated tournament's page: dates, place, the lists that rated it, its crosstable. */
export function tournamentPageHtml(ref: PageRef, federation: string, t: SiteTournament): string {
  const locale = ref.locale
  const l = L(locale)
  const T = l.tournament
  const rounds = Array.from({ length: t.rounds }, (_, i) => i + 1)
  const rows = [...t.players]
    .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.startRank - b.startRank)
    .map((p) => {
      const byRound = new Map(p.rounds.map((r) => [r.round, r]))
      return [
        esc(p.rank ?? ''),
        esc(p.startRank),
        p.withheld ? `<em>${esc(l.sheet.withheld)}</em>` : p.page ? link(rel(ref, p.page), p.name) : esc(p.name),
        esc(p.withheld ? '' : p.title),
        esc(p.withheld ? '' : p.federation),
        esc(p.withheld ? '' : p.rating),
        ...rounds.map((r) => {
          const x = byRound.get(r)
          return esc(x ? cell(x.code, x.opponent, x.color) : '')
        }),
        esc(num(p.points, locale))
      ]
    })
  const facts: [string, string][] = [[T.dates, `${t.start ? day(t.start, locale) : ''} – ${t.end ? day(t.end, locale) : ''}`]]
  if (t.city) facts.push([T.place, t.city])
  const rated = t.ratedBy.map((x) => link(rel(ref, listPage(x.id)), listName(x, locale))).join(', ')
  const body = `<h1>${esc(t.name)}</h1>
<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}${rated ? `<dt>${esc(T.ratedBy)}</dt><dd>${rated}</dd>` : ''}</dl>
<div class="scroll" tabindex="0" role="region" aria-label="${esc(T.crosstable)}">
${table(esc(T.crosstable), [T.rank, T.start, l.col.name, l.col.title, l.col.federation, l.col.rating, ...rounds.map((r) => T.rd(r)), T.points].map(esc), rows, { num: [0, 1, 5, 6 + t.rounds], testId: 'crosstable', className: 'cross' })}
</div>
<p class="legend">${esc(T.legend)}</p>`
  return page(ref, { federation, title: t.name, body })
}
