// The check report of one tournament as a PDF (pdfkit), in English or French: the facts checked, then every finding
// grouped by rule with its level, message, paragraph and the officer's decision; for the organiser or the arbiter.
import type { Db } from '../db/open'
import type { Locale } from '../../../shared/errors/index'
import { translateError } from '../../../shared/errors/index'
import { citedParams, citeReference, editionName } from '../../../shared/citations'
import { findingTitle } from '../../../shared/finding-titles'
import { listFindings, type FindingRow } from '../data/findings'
import { reviewFacts, type ReviewFacts } from '../data/review'
import { loadTournamentModel } from '../data/tournament-model'
import { foldName } from '../registry/names'
import { UserError } from '../util/errors'
import type { ReviewSummary } from './checks-summary'
import { readTimeControl } from '../trf/time-control-read'
import { formatCount, formatDay, formatMoment, formatPeriod, frenchSpacing } from '../../../shared/formats'
import { describeTimeControl, pluralIndex, RATED_FR, RATING_TYPE_SOURCE_WORDS, RATING_TYPE_WORDS, SYSTEM_WORDS, TOURNAMENT_STATUS } from '../../../shared/words'

const LABELS = {
  en: {
    title: 'Check report',
    tournament: 'Tournament',
    place: 'Place',
    dates: 'Dates',
    system: 'System',
    ratingType: 'Rating type',
    timeControl: 'Time control',
    timeControlText: 'As the file writes it',
    typedTimeControl: 'time control typed by the office',
    qc: 'Approved by the Qualification Commission',
    edition: 'Rules applied',
    status: 'State',
    received: 'Report received',
    historical: 'archive import (no deadline checks)',
    list: 'Goes into the list of',
    ratedIn: 'Rated in the list of',
    version: 'version {version}',
    listNone: 'List',
    noList: 'none: the tournament is not rated',
    players: 'Players',
    arbiters: 'Arbiters',
    findings: 'Findings',
    none: 'No finding: the report meets every rule checked.',
    // each count with its noun: [singular, plural], chosen by the language's rule (pluralIndex)
    counts: { error: ['{n} error', '{n} errors'], warning: ['{n} warning', '{n} warnings'], info: ['{n} note', '{n} notes'], open: ['{n} awaiting a decision', '{n} awaiting a decision'] },
    noneAwaited: 'No decision awaited',
    level: { error: 'Error', warning: 'Warning', info: 'Information' },
    decision: { accepted: 'Accepted', rejected: 'Rejected', overridden: 'Overridden' },
    undecided: 'Awaiting a decision',
    by: 'by {by} on {at}: {reason}',
    where: { players: 'Players (start rank)', rounds: 'Rounds', games: 'Games (round.start rank)', line: 'Line' },
    generated: 'Generated on {at} by Rating Office.',
    page: 'Page {n} of {total}'
  },
  fr: {
    title: 'Rapport de contrôle',
    tournament: 'Tournoi',
    place: 'Lieu',
    dates: 'Dates',
    system: 'Système',
    ratingType: 'Cadence',
    timeControl: 'Temps de réflexion',
    timeControlText: 'Tel que le fichier l’écrit',
    typedTimeControl: 'cadence saisie par le bureau',
    qc: 'Homologué par la Commission de qualification',
    edition: 'Règles appliquées',
    status: 'État',
    received: 'Rapport reçu',
    historical: 'import d’archive (pas de contrôle de délai)',
    list: 'Entre dans la liste',
    ratedIn: `${RATED_FR[0]!.toUpperCase()}${RATED_FR.slice(1)} dans la liste`,
    version: 'version {version}',
    listNone: 'Liste',
    noList: `aucune : le tournoi n’est pas ${RATED_FR}`,
    players: 'Joueurs',
    arbiters: 'Arbitres',
    findings: 'Constats',
    none: 'Aucun constat : le rapport respecte toutes les règles contrôlées.',
    counts: { error: ['{n} erreur', '{n} erreurs'], warning: ['{n} avertissement', '{n} avertissements'], info: ['{n} information', '{n} informations'], open: ['{n} en attente de décision', '{n} en attente de décision'] },
    noneAwaited: 'Aucune décision attendue',
    level: { error: 'Erreur', warning: 'Avertissement', info: 'Information' },
    decision: { accepted: 'Accepté', rejected: 'Rejeté', overridden: 'Passé outre' },
    undecided: 'En attente de décision',
    by: 'par {by} le {at} : {reason}',
    where: { players: 'Joueurs (numéro de départ)', rounds: 'Rondes', games: 'Parties (ronde.numéro de départ)', line: 'Ligne' },
    generated: 'Produit le {at} par Rating Office.',
    page: 'Page {n} sur {total}'
  }
} as const

type Labels = (typeof LABELS)[Locale]

function fill(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`))
}

/** The standard PDF fonts encode WinAnsi only: the few signs outside it are written the ASCII way. */
function pdfText(s: string, loc: Locale): string {
  const t = s.replace(/≥/g, '>=').replace(/≤/g, '<=').replace(/−/g, '-').replace(/→/g, '->').replace(/[\u2009\u202f]/g, '\u00a0')
  return loc === 'fr' ? frenchSpacing(t) : t
}

function findingMessage(f: FindingRow, loc: Locale): string {
  const params = JSON.parse(f.params) as Record<string, unknown>
  return translateError(f.code, citedParams({ ...params, found: f.found, expected: f.expected, file: f.fileName }, loc, f.edition), loc)
}

function whereText(f: FindingRow, L: Labels, loc: Locale): string[] {
  const out: string[] = []
  const colon = loc === 'fr' ? ' : ' : ': '
  if (f.subject) {
    const s = JSON.parse(f.subject) as { startRanks?: number[]; rounds?: number[]; games?: { round: number; startRank: number }[] }
    if (s.startRanks?.length) out.push(`${L.where.players}${colon}${s.startRanks.join(', ')}`)
    if (s.rounds?.length) out.push(`${L.where.rounds}${colon}${s.rounds.join(', ')}`)
    if (s.games?.length) out.push(`${L.where.games}${colon}${s.games.map((g) => `${g.round}.${g.startRank}`).join(', ')}`)
  } else if (f.line !== null) out.push(`${L.where.line} ${f.line}`)
  return out
}

export interface CheckReport {
  fileName: string
  base64: string
  pages: number
}

/** The document being written, in its language: every text goes through pdfText. */
interface Writer {
  doc: PDFKit.PDFDocument
  L: Labels
  loc: Locale
  text(s: string, options?: PDFKit.Mixins.TextOptions): void
}

/** One fact, "Label: value" (French typography: "Lieu : …"); nothing when it has no value. */
function writeFact(w: Writer, label: string, value: string | null | undefined): void {
  if (!value) return
  w.doc.font('Helvetica-Bold')
  // French typography: a space before the colon
  w.text(`${label}${w.loc === 'fr' ? ' : ' : ': '}`, { continued: true })
  w.doc.font('Helvetica')
  w.text(value)
}

/** The title, then the facts the report was checked against: place, dates, system, rating type, time control, list, state. */
function writeFacts(w: Writer, id: number, t: ReviewFacts, model: ReturnType<typeof loadTournamentModel>, summary: ReviewSummary): void {
  const { doc, L, loc } = w
  const fact = (label: string, value: string | null | undefined) => writeFact(w, label, value)
  doc.font('Helvetica-Bold').fontSize(18)
  w.text(L.title)
  doc.fontSize(13)
  w.text(t.name ?? `#${id}`)
  doc.moveDown(0.5).font('Helvetica').fontSize(10)
  fact(L.place, [model.header.city, t.federation].filter(Boolean).join(', '))
  fact(L.dates, formatPeriod(t.startDate, t.endDate, loc))
  fact(L.system, SYSTEM_WORDS[loc][t.system])
  const ratingType = t.ratingType ? RATING_TYPE_WORDS[loc][t.ratingType] : null
  fact(L.ratingType, ratingType && t.ratingTypeSource ? `${ratingType} (${RATING_TYPE_SOURCE_WORDS[loc][t.ratingTypeSource]})` : ratingType)
  fact(L.qc, t.qcReference)
  // the time control in the reader's words when it can be read, then as the organiser wrote it
  const tc = readTimeControl({ timeControlOverride: t.timeControlOverride, encodedTimeControl: model.header.encodedTimeControl, timeControl: t.timeControl })
  const written = t.timeControlOverride ? `${t.timeControlOverride} (${L.typedTimeControl})` : (model.header.encodedTimeControl ?? t.timeControl)
  if (tc.understood) {
    fact(L.timeControl, describeTimeControl(tc.periods, tc.minutesFor60, loc))
    fact(L.timeControlText, written)
  } else fact(L.timeControl, written)
  fact(L.players, formatCount(model.players.length, loc))
  fact(L.arbiters, model.header.arbiters.map((a) => `${a.name}${a.fideId ? ` (${a.fideId})` : ''}`).join('; '))
  fact(L.edition, summary.editionInForce ? editionName(summary.editionInForce, loc) : summary.editionInForce)
  fact(L.received, t.historical ? `${formatDay(t.receivedDate, loc)} — ${L.historical}` : formatDay(t.receivedDate, loc))
  // the tournament's list as every surface names it (tournament-list.ts): the one that rated it, the one it goes into, or none
  const list = summary.list
  if (list?.state === 'rated') fact(L.ratedIn, `${formatDay(list.listDate, loc)}, ${fill(L.version, { version: list.version })}`)
  else if (list) fact(L.list, formatDay(list.listDate, loc))
  else fact(L.listNone, L.noList)
  fact(L.status, TOURNAMENT_STATUS[loc][t.status])
}

/** The findings: their counts by level and awaiting a decision, then each one grouped by rule with its decision. */
function writeFindings(w: Writer, t: ReviewFacts, findings: FindingRow[]): void {
  const { doc, L, loc } = w
  // a decision is awaited where the screen offers one (checks/RuleFindings.vue): an undecided error or warning of a
  // tournament not yet rated; an information, or any finding of a rated tournament, awaits none
  const awaits = (f: FindingRow) => f.level !== 'info' && f.decision === null && t.status !== 'rated'
  const counts = { error: 0, warning: 0, info: 0, open: 0 }
  for (const f of findings) {
    counts[f.level]++
    if (awaits(f)) counts.open++
  }
  const counted = (k: keyof typeof counts) => fill(L.counts[k][pluralIndex(counts[k], loc)], { n: formatCount(counts[k], loc) })
  doc.moveDown().font('Helvetica-Bold').fontSize(14)
  w.text(L.findings)
  doc.font('Helvetica').fontSize(10)
  const levels = (['error', 'warning', 'info'] as const).filter((k) => counts[k] > 0).map(counted).join(', ')
  w.text(findings.length ? `${levels}${loc === 'fr' ? ' ; ' : '; '}${counts.open ? counted('open') : L.noneAwaited}.` : L.none)

  const byCode = new Map<string, FindingRow[]>()
  for (const f of findings) {
    const list = byCode.get(f.code) ?? []
    list.push(f)
    byCode.set(f.code, list)
  }
  for (const [code, list] of byCode) {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11)
    w.text(`${findingTitle(code, loc)} (${list.length})`)
    for (const f of list) {
      doc.moveDown(0.2).font('Helvetica-Bold').fontSize(9)
      w.text(`${L.level[f.level]}${f.paragraph ? ` — ${citeReference(f.paragraph, loc, f.edition)}` : ''}`)
      doc.font('Helvetica')
      w.text(findingMessage(f, loc))
      for (const line of whereText(f, L, loc)) w.text(line)
      doc.font('Helvetica-Oblique')
      w.text(f.decision ? `${L.decision[f.decision]} ${fill(L.by, { by: f.decidedBy ?? '', at: formatDay(f.decidedAt, loc), reason: f.decisionReason ?? '' })}` : awaits(f) ? L.undecided : L.noneAwaited)
    }
  }
}

/** Each page's footer: when and by what the report was made, and "Page n of N"; returns the number of pages. */
function writeFooters(w: Writer): number {
  const { doc, L, loc } = w
  const range = doc.bufferedPageRange()
  const generated = fill(L.generated, { at: formatMoment(new Date().toISOString(), loc) })
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    const bottom = doc.page.height - 40
    doc.page.margins.bottom = 0
    doc.font('Helvetica').fontSize(8)
    doc.text(pdfText(`${generated}  ${fill(L.page, { n: i + 1, total: range.count })}`, loc), 50, bottom, { width: doc.page.width - 100, align: 'center', lineBreak: false })
  }
  return range.count
}

/**
 * Writes the report; resolves with the PDF's bytes as base64. `summaryOf` gives the tournament page's summary
 * (services/checks-summary.ts reviewSummary, passed in so that the review service and the report do not import each other).
 */
export async function checkReportPdf(db: Db, id: number, loc: Locale, summaryOf: () => ReviewSummary): Promise<CheckReport> {
  const t = reviewFacts(db, id)
  if (!t) throw new UserError('tournaments.notFound', { id })
  const L = LABELS[loc]
  const summary = summaryOf()
  const model = loadTournamentModel(db, id)
  const findings = listFindings(db, id, {})
  const { default: PDFDocument } = await import('pdfkit') // on demand: a quarter of a second of CPU to load
  const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, info: { Title: `${L.title} — ${t.name ?? id}`, Author: 'Rating Office', Subject: L.title } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })
  const w: Writer = { doc, L, loc, text: (s, options) => void doc.text(pdfText(s, loc), options) }
  writeFacts(w, id, t, model, summary)
  writeFindings(w, t, findings)
  const pages = writeFooters(w)
  doc.end()
  await done
  const slug = (foldName(t.name ?? '') || 'tournament').replace(/ /g, '-').slice(0, 60)
  return { fileName: `${slug}-${loc === 'fr' ? 'rapport-de-controle' : 'check-report'}.pdf`, base64: Buffer.concat(chunks).toString('base64'), pages }
}
