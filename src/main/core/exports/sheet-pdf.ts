// One player's calculation sheet as a PDF (pdfkit, A4), in English or French: the list, every tournament with his
// rating used, W, We, K and K × ΣΔR, each game with the opponent by name and the date of the list his rating came
// from, D (capped: "*", with the legend and its rule), PD, ΔR; the period total and its rounding. For the player who
// asks why his rating is what it is. The creation date is the list's date: two prints of one sheet match.
import type { SheetView } from '../../../shared/contract/office-lists'
import type { SheetGame, SheetTournament } from '../lists/types'
import { fit, type PdfFonts } from './pdf'
import { foldName } from '../registry/names'
import { formatDay, formatFigure, formatSigned } from '../../../shared/formats'
import { RATING_TYPE_IN_TEXT } from '../../../shared/words'

type Locale = 'en' | 'fr'

const LABELS = {
  en: {
    title: 'Calculation sheet',
    list: (type: string, date: string, version: number, draft: boolean) => `The ${type} rating list of ${date}, version ${version}${draft ? ' (draft, not published)' : ''}`,
    listOf: (date: string) => `list of ${date}`,
    base: 'Before this list',
    unrated: 'unrated',
    result: 'On this list',
    notOnList: 'no line on this list',
    games: 'games',
    rated: (rating: string, list: string) => `His rating used: ${rating}${list ? ` (${list})` : ''}`,
    playedUnrated: 'He played unrated',
    figures: 'Games counted {n} · W {w} · We {we} · ΣΔR {chg} · K {k} · K × ΣΔR {kchg}',
    unratedFigures: 'Games against rated opponents {n} · W {w} · Ra {ra} · Ru {ru}',
    col: { round: 'Rd', opponent: 'Opponent', rating: 'Rating', list: 'Its list', score: 'Score', d: 'D', pd: 'PD', chg: 'ΔR', why: 'Not counted' },
    notCounted: { forfeit: 'forfeit', bye: 'bye', unplayed: 'not played', 'unrated-opponent': 'unrated opponent', finding: 'excluded by a check', 'first-event': 'first event rule', 'fast-game': 'not rated (600-point rule)' } as Record<string, string>,
    unknownOpponent: 'opponent not on record',
    period: 'The period',
    periodChange: (exact: string, change: string) => `Σ K × ΣΔR = ${exact}, rounded to ${change}`,
    newRating: (rating: string, k: string) => `New rating ${rating}; K for the next period ${k}`,
    rounding: 'The period’s total is rounded to the nearest whole number, a half away from zero',
    compression: (before: number, after: number) => `Compression of 1 March 2024: ${before} → ${after}`,
    firstRating: (ra: string, p: string, dp: string, ru: string, games: number) => `First rating: Ra ${ra}, p ${p}, dp ${dp} → ${ru} over ${games} games`,
    published: 'published',
    notPublished: 'not published',
    legendTitle: 'Legend',
    legend: (points: number, citation: string) => `* D capped: a rating difference of more than ${points} points counts as ${points} (${citation}).`,
    legendSigns: 'W: points scored; We: points expected (Σ PD); D: his rating − the opponent’s; PD: expected score (table 8.1b); ΔR = score − PD; K: his development coefficient.',
    notes: 'Notes',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    file: 'calculation-sheet'
  },
  fr: {
    title: 'Fiche de calcul',
    list: (type: string, date: string, version: number, draft: boolean) => `Liste ${type} du ${date}, version ${version}${draft ? ' (projet, non publiée)' : ''}`,
    listOf: (date: string) => `liste du ${date}`,
    base: 'Avant cette liste',
    unrated: 'non classé',
    result: 'Sur cette liste',
    notOnList: 'pas de ligne sur cette liste',
    games: 'parties',
    rated: (rating: string, list: string) => `Son classement retenu : ${rating}${list ? ` (${list})` : ''}`,
    playedUnrated: 'Il a joué non classé',
    figures: 'Parties comptées {n} · W {w} · We {we} · ΣΔR {chg} · K {k} · K × ΣΔR {kchg}',
    unratedFigures: 'Parties contre des joueurs classés {n} · W {w} · Ra {ra} · Ru {ru}',
    col: { round: 'R.', opponent: 'Adversaire', rating: 'Classement', list: 'Sa liste', score: 'Score', d: 'D', pd: 'PD', chg: 'ΔR', why: 'Non comptée' },
    notCounted: { forfeit: 'forfait', bye: 'exempt', unplayed: 'non jouée', 'unrated-opponent': 'adversaire non classé', finding: 'exclue par un contrôle', 'first-event': 'règle du premier tournoi', 'fast-game': 'non comptabilisée (règle des 600 points)' } as Record<string, string>,
    unknownOpponent: 'adversaire inconnu',
    period: 'La période',
    periodChange: (exact: string, change: string) => `Σ K × ΣΔR = ${exact}, arrondi à ${change}`,
    newRating: (rating: string, k: string) => `Nouveau classement ${rating} ; K pour la période suivante ${k}`,
    rounding: 'Le total de la période est arrondi à l’entier le plus proche, une demie s’éloignant de zéro',
    compression: (before: number, after: number) => `Compression du 1er mars 2024 : ${before} → ${after}`,
    firstRating: (ra: string, p: string, dp: string, ru: string, games: number) => `Premier classement : Ra ${ra}, p ${p}, dp ${dp} → ${ru} sur ${games} parties`,
    published: 'publié',
    notPublished: 'non publié',
    legendTitle: 'Légende',
    legend: (points: number, citation: string) => `* D plafonné : un écart de classement de plus de ${points} points compte pour ${points} (${citation}).`,
    legendSigns: 'W : points marqués ; We : points attendus (Σ PD) ; D : son classement − celui de l’adversaire ; PD : score attendu (table 8.1b) ; ΔR = score − PD ; K : son coefficient de développement.',
    notes: 'Remarques',
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
    file: 'fiche-de-calcul'
  }
} as const

/** A date as the reader writes it: "1 September 2025", "1er septembre 2025" (short: "1 Sept 2025", "1er sept. 2025"). */
export function sheetDate(iso: string, locale: Locale, month: 'long' | 'short' = 'long'): string {
  return formatDay(iso.slice(0, 10), locale, month === 'short' ? 'medium' : 'long')
}

function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`)
}

export interface SheetPdf {
  fileName: string
  base64: string
  pages: number
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 }

/** Writes the sheet; resolves with the PDF's bytes as base64. */
export async function sheetPdf(
  view: SheetView,
  list: { listDate: string; ratingType: string; version: number; status: string },
  locale: Locale,
  fonts: PdfFonts,
  federationName: string | null
): Promise<SheetPdf> {
  const L = LABELS[locale]
  const created = new Date(`${list.listDate}T00:00:00Z`)
  const { default: PDFDocument } = await import('pdfkit') // on demand: a quarter of a second of CPU to load
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: `${L.title} — ${view.player.name}`, Author: federationName || 'Rating Office', Subject: L.title, Creator: 'Rating Office', Producer: 'Rating Office (PDFKit)', CreationDate: created, ModDate: created }
  })
  doc.registerFont('body', Buffer.from(fonts.regular))
  doc.registerFont('bold', Buffer.from(fonts.bold))
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })
  const w = sheetWriter(doc, view, locale)

  sheetHeading(w, view, list, federationName)
  let anyCapped = false
  for (const t of view.sheet?.tournaments ?? []) anyCapped = tournamentBlock(w, t) || anyCapped
  if (view.sheet) periodBlock(w, view.sheet, view.rounding)
  legend(w, view, anyCapped)
  const pages = pageFooters(w, view.player.name)
  doc.end()
  await done
  const slug = (foldName(view.player.name) || 'player').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50)
  return { fileName: `${L.file}-${slug}-${list.listDate}.pdf`, base64: Buffer.concat(chunks).toString('base64'), pages }
}

/** The document, the sheet's labels and references, and the ways it writes: a paragraph, a fact, a row of the table. */
interface SheetWriter {
  doc: PDFKit.PDFDocument
  L: (typeof LABELS)[Locale]
  locale: Locale
  /** "list of 1 October 2025" for a list id ('' when none). */
  listOf: (id: number | null, month?: 'long' | 'short') => string
  opponent: (g: SheetGame) => string
  editionName: (id: string) => string
  para: (s: string, font?: 'body' | 'bold', size?: number) => void
  /** "Label: value", the label in bold (French: "Label : value"). */
  fact: (label: string, value: string) => void
  row: (cells: Record<ColKey, string>, font: 'body' | 'bold', grey?: boolean) => void
}

const X0 = PAGE.margin
const WIDTH = PAGE.width - 2 * PAGE.margin

// the table's columns: round, opponent (name and FIDE ID), his rating, its list, score, D, PD, ΔR, why not counted
const COLS = [
  { key: 'round', w: 18, right: true },
  { key: 'opponent', w: 134, right: false },
  { key: 'rating', w: 50, right: true },
  { key: 'list', w: 80, right: false },
  { key: 'score', w: 28, right: true },
  { key: 'd', w: 34, right: true },
  { key: 'pd', w: 26, right: true },
  { key: 'chg', w: 32, right: true },
  { key: 'why', w: 80, right: false }
] as const
type ColKey = (typeof COLS)[number]['key']
const COL_GAP = 4

function sheetWriter(doc: PDFKit.PDFDocument, view: SheetView, locale: Locale): SheetWriter {
  const L = LABELS[locale]
  const players = new Map(view.references.players.map((p) => [p.id, p]))
  const lists = new Map(view.references.lists.map((l) => [l.id, l]))
  const editionNames = new Map(view.editions.map((e) => [e.id, e.name]))
  const colon = locale === 'fr' ? ' : ' : ': '
  return {
    doc,
    L,
    locale,
    listOf: (id, month = 'long') => {
      const l = id === null ? undefined : lists.get(id)
      return l ? L.listOf(sheetDate(l.listDate, locale, month)) : ''
    },
    opponent: (g) => {
      if (g.opponentId === null) return ''
      const p = players.get(g.opponentId)
      return p ? `${p.name}${p.fideId ? ` (${p.fideId})` : ''}` : L.unknownOpponent
    },
    editionName: (id) => editionNames.get(id) ?? id,
    para: (s, font = 'body', size = 9.5) => {
      doc.font(font).fontSize(size).text(s, X0, doc.y, { width: WIDTH })
    },
    fact: (label, value) => {
      doc.font('bold').fontSize(9.5).text(`${label}${colon}`, X0, doc.y, { continued: true, width: WIDTH })
      doc.font('body').text(value)
    },
    row: (cells, font, grey = false) => {
      // a new page when the row and a little space below it no longer fit above the footer
      if (doc.y + 24 > PAGE.height - PAGE.margin - 20) doc.addPage()
      doc.font(font).fontSize(8).fillColor(grey ? '#666666' : '#000000')
      const y = doc.y
      let x = X0
      for (const c of COLS) {
        const t = fit(doc, cells[c.key], c.w)
        doc.text(t, c.right ? x + c.w - doc.widthOfString(t) : x, y, { lineBreak: false })
        x += c.w + COL_GAP
      }
      doc.fillColor('#000000')
      doc.x = X0
      doc.y = y + 11
    }
  }
}

/** The heading: the federation, the title, the player, the list, his rating before it and his line on it. */
function sheetHeading(w: SheetWriter, view: SheetView, list: { listDate: string; ratingType: string; version: number; status: string }, federationName: string | null): void {
  const { doc, L, locale } = w
  const sheet = view.sheet
  if (federationName) w.para(federationName, 'body', 10)
  w.para(L.title, 'bold', 17)
  w.para(`${view.player.name}${view.player.fideId ? ` · FIDE ID ${view.player.fideId}` : ''}`, 'bold', 12.5)
  doc.moveDown(0.3)
  w.para(L.list((RATING_TYPE_IN_TEXT[locale] as Record<string, string>)[list.ratingType] ?? list.ratingType, sheetDate(list.listDate, locale), list.version, list.status === 'draft'))
  doc.moveDown(0.3)
  if (sheet) {
    const baseList = w.listOf(sheet.base.listId)
    w.fact(L.base, `${sheet.base.rating ?? L.unrated}${sheet.base.rating !== null ? `, K ${sheet.base.k ?? '–'}` : ''}${baseList ? ` (${baseList})` : ''}`)
  }
  w.fact(L.result, view.entry ? `${view.entry.rating ?? L.unrated}, ${view.entry.games ?? 0} ${L.games}, K ${view.entry.k ?? '–'}` : L.notOnList)
}

/** One tournament: its name, dates and rules, his figures (rated, or unrated with Ra and Ru), then its games. Returns whether a D was capped. */
function tournamentBlock(w: SheetWriter, t: SheetTournament): boolean {
  const { doc, L, locale } = w
  doc.moveDown(0.8)
  // the tournament's heading and the first rows stay together on a page
  if (doc.y + 60 > PAGE.height - PAGE.margin) doc.addPage()
  w.para(t.name, 'bold', 11)
  w.para(`${sheetDate(t.start, locale)} – ${sheetDate(t.end, locale)} · ${w.editionName(t.edition)}`, 'body', 8.5)
  if (t.rating !== null) {
    w.para(L.rated(String(t.rating), w.listOf(t.ratingListId)))
    w.para(fill(L.figures, { n: String(t.n), w: formatFigure(t.w, locale), we: formatFigure(t.we, locale, 2), chg: formatSigned(t.chg, locale, 2), k: String(t.k ?? '–'), kchg: formatSigned(t.kChg, locale, 2) }))
  } else {
    w.para(L.playedUnrated)
    w.para(fill(L.unratedFigures, { n: String(t.n), w: formatFigure(t.w, locale), ra: formatFigure(t.event?.ra ?? null, locale), ru: formatFigure(t.event?.ru ?? null, locale) }))
  }
  doc.moveDown(0.3)
  w.row({ round: L.col.round, opponent: L.col.opponent, rating: L.col.rating, list: L.col.list, score: L.col.score, d: L.col.d, pd: L.col.pd, chg: L.col.chg, why: L.col.why }, 'bold')
  let capped = false
  for (const g of t.games) {
    capped ||= g.capped
    // a game that does not count is greyed, with the reason
    w.row(gameCells(w, g), 'body', !g.counted)
  }
  return capped
}

/** A game's cells: round, opponent, his rating and its list, score, D ("*" when capped), PD, ΔR, why not counted. */
function gameCells(w: SheetWriter, g: SheetGame): Record<ColKey, string> {
  const { L, locale } = w
  return {
    round: String(g.round),
    opponent: w.opponent(g),
    rating: g.opponentRating === null ? '–' : String(g.opponentRating),
    list: w.listOf(g.opponentListId, 'short'),
    score: formatFigure(g.score, locale),
    d: g.d === null ? '' : `${formatFigure(g.d, locale)}${g.capped ? '*' : ''}`,
    pd: g.pd === null ? '' : formatFigure(g.pd, locale, 2),
    chg: g.chg === null ? '' : formatSigned(g.chg, locale, 2),
    why: g.counted ? '' : (L.notCounted[g.notCounted ?? ''] ?? g.notCounted ?? '')
  }
}

/** The period: compression, first rating, Σ K × ΣΔR and its rounding with its citation, the new rating and next K, the notes. */
function periodBlock(w: SheetWriter, sheet: NonNullable<SheetView['sheet']>, rounding: SheetView['rounding']): void {
  const { doc, L, locale } = w
  doc.moveDown(0.8)
  w.para(L.period, 'bold', 11)
  if (sheet.compression) w.para(L.compression(sheet.compression.before, sheet.compression.after))
  if (sheet.firstRating) {
    const f = sheet.firstRating
    w.para(`${L.firstRating(formatFigure(f.ra, locale, 2), formatFigure(f.p, locale, 2), formatFigure(f.dp, locale), formatFigure(f.ru, locale), f.games)} — ${f.published ? L.published : L.notPublished}`)
  }
  if (sheet.change !== null) {
    w.para(L.periodChange(formatFigure(sheet.changeExact, locale, 2), formatSigned(sheet.change, locale)))
    w.para(`${L.rounding}${rounding ? ` (${rounding[locale]})` : ''}.`, 'body', 8.5)
  }
  w.para(L.newRating(sheet.rating === null ? L.unrated : String(sheet.rating), String(sheet.kNext.k ?? '–')))
  // the engine's notes are English sentences: shown in English only (their French words come with the citations' work)
  if (locale === 'en' && sheet.notes.length) {
    doc.moveDown(0.5)
    w.para(L.notes, 'bold', 10)
    for (const n of sheet.notes) w.para(`${n.text} (${n.ref})`, 'body', 8.5)
  }
}

/** The legend: the cap and its rule when a D was capped, then the signs. */
function legend(w: SheetWriter, view: SheetView, anyCapped: boolean): void {
  const { doc, L, locale } = w
  doc.moveDown(0.8)
  w.para(L.legendTitle, 'bold', 10)
  if (anyCapped) for (const c of view.caps) w.para(L.legend(c.points, c.citation[locale]), 'body', 8.5)
  w.para(L.legendSigns, 'body', 8.5)
}

/** "Name · Page n of N" at the foot of every page, once the count is known; returns the count. */
function pageFooters(w: SheetWriter, name: string): number {
  const { doc, L } = w
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    doc.page.margins.bottom = 0
    doc.font('body').fontSize(8).text(`${name} · ${L.page(i + 1, range.count)}`, X0, PAGE.height - 28, { width: WIDTH, align: 'center', lineBreak: false })
  }
  return range.count
}
