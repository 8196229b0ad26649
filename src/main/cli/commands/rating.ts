// Rating commands: `calc` (one player's period from JSON on stdin), `rate FILE.trf` (one tournament), `rules` (rule sets).
import type { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { calcInputSchema, type CalcInput, type CalcOutput } from '../../../shared/contract/rating'
import { calcPeriod } from '../../core/engine/calc'
import { rateTournament } from '../../core/engine/tournament'
import { BUILTIN_EDITIONS, builtinEdition } from '../../core/rules/editions'
import { readTrf } from '../../core/trf/index'
import { UserError } from '../../core/util/errors'
import type { PairingSystem, RatingType } from '../../core/model/tournament'
import type { TournamentRating } from '../../../shared/contract/tournament-rating'
import { CliError, globalOptions, withServices } from '../host'

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 }
}

/**
 * Offset of the first JSON syntax error (Node 20's messages do not always carry a position): a small scanner that
 * follows the grammar and stops where the text stops fitting it.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const fail = (): never => {
    throw i
  }
  const lit = (word: string) => (text.startsWith(word, i) ? (i += word.length) : fail())
  const str = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i]! < ' ') fail()
      if (text[i] === '\\') {
        i++
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail()
          i += 4
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail()
      }
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const num = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!m) fail()
    i += m![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        str()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    } else if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    } else if (c === '"') str()
    else if (c === 't') lit('true')
    else if (c === 'f') lit('false')
    else if (c === 'n') lit('null')
    else num()
  }
  try {
    value()
    ws()
    return i < text.length ? i : -1
  } catch (at) {
    return typeof at === 'number' ? at : i
  }
}

/** `$.tournaments[0].games[2].score` from a zod path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[p as string]
  }
  return v
}

/** Parses and validates a calc document; every failure is a located message (line/column, or JSON path, found, expected). */
export function parseCalcDocument(text: string, file: string): CalcInput {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    const msg = (e as Error).message
    const off = jsonErrorOffset(text)
    const at = lineColumn(text, off < 0 ? text.length : off)
    const found = off < 0 || off >= text.length ? 'end of input' : JSON.stringify(text[off])
    throw new UserError('engine.invalidJson', { file, line: at.line, column: at.column, message: `found ${found}; ${msg.split(',')[0]}` })
  }
  const parsed = calcInputSchema.safeParse(doc)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const found = valueAt(doc, i.path)
      return `${jsonPath(i.path)}: ${i.message}${found === undefined ? ' (missing)' : ` (found ${JSON.stringify(found)})`}`
    })
    const first = parsed.error.issues[0]!
    const firstLine = lines[0]!
    const rest = lines.slice(1)
    throw new UserError('engine.invalidInput', { file, path: jsonPath(first.path), message: [firstLine.slice(jsonPath(first.path).length + 2), ...rest].join('; ') }, lines)
  }
  return parsed.data
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** The calc command's work: stdin text → output document (a saved profile needs --db). */
export async function runCalc(text: string, cmd: Command | null): Promise<CalcOutput> {
  const input = parseCalcDocument(text, 'stdin')
  const db = cmd ? globalOptions(cmd).db : undefined
  if (db === undefined || cmd === null || input.edition === undefined || builtinEdition(input.edition)) return calcPeriod(input)
  return withServices(cmd, (cli) => cli.call('rating:calc', input))
}

function fmt(v: number | null, d = 2): string {
  return v === null ? '' : v.toFixed(d)
}

/** What the table of `rate` shows: the engine's result read from the file, or the `tournaments:rate` call's. */
interface RateTable {
  edition: string
  system: string
  treatedAsSwiss: boolean
  players: readonly { startRank: number; fideId: string | null; name: string; rating: number | null; ru: number | null; n: number; w: number; we: number | null; k: number | null; kChg: number | null }[]
}

function rateText(r: RateTable, source: string): string {
  const head = `edition ${r.edition}, ${r.system}${r.treatedAsSwiss ? ' (round robin with unplayed games, rated as a Swiss)' : ''}; ratings from ${source}`
  const rows = r.players.map((p) =>
    [String(p.startRank).padStart(4), p.name.slice(0, 28).padEnd(28), String(p.rating ?? '-').padStart(5), String(p.ru ?? '').padStart(5), String(p.n).padStart(3), fmt(p.w, 1).padStart(5), fmt(p.we).padStart(6), String(p.k ?? '').padStart(3), fmt(p.kChg).padStart(7)].join(' ')
  )
  return [head, '  SNo Name                         Rtg    Ru   n     W     We   K   K·chg', ...rows].join('\n')
}

/** Games a stored tournament's findings took out, under the table. */
function notCountedText(r: TournamentRating): string[] {
  const lines: string[] = []
  for (const p of r.players) {
    for (const g of p.games) if (g.reason?.code === 'excludedByFinding') lines.push(`  ${String(p.startRank).padStart(4)} round ${g.round}: ${g.reason.text}`)
  }
  return lines.length ? ['not counted because of findings:', ...lines] : []
}

export function register(program: Command): void {
  registerCalc(program)
  registerPeriod(program)
  registerRate(program)
  registerRules(program)
}

/** `calc`: one player's period from a JSON document on stdin, computed here (or through --db for a saved profile). */
function registerCalc(program: Command): void {
  program
    .command('calc')
    .description("FIDE-style calculation of one player's rating period: reads a JSON document on stdin, prints JSON")
    .action(async (_opts, cmd: Command) => {
      if (process.stdin.isTTY) throw new CliError('calc reads one JSON document on stdin (see `rating-office calc --help`)', 2)
      const out = await runCalc(await readStdin(), cmd)
      process.stdout.write(JSON.stringify(out, null, 2) + '\n')
    })
}

/** `period`: a batch of calc documents rated in the worker; a JSON syntax error is located before the worker starts. */
function registerPeriod(program: Command): void {
  program
    .command('period')
    .description('rate a batch of player periods in the worker: a JSON array of calc documents on stdin, JSON out')
    .option('--detail', 'every calculation sheet, not only each player’s figures')
    .action(async (opts: { detail?: boolean }, cmd: Command) => {
      if (process.stdin.isTTY) throw new CliError('period reads a JSON array of calc documents on stdin', 2)
      const text = await readStdin()
      const off = jsonErrorOffset(text)
      if (off >= 0) {
        const at = lineColumn(text, off)
        throw new UserError('engine.invalidJson', { file: 'stdin', line: at.line, column: at.column, message: off >= text.length ? 'found end of input' : `found ${JSON.stringify(text[off])}` })
      }
      await withServices(cmd, async (cli) => {
        const res = await cli.runJob('rating:period', { itemsJson: text, detail: Boolean(opts.detail) })
        process.stdout.write(JSON.stringify(res, null, 2) + '\n')
      })
    })
}

/** `rate`: one tournament's table, from a TRF file or a stored tournament. */
function registerRate(program: Command): void {
  program
    .command('rate')
    .description('rate one tournament: a TRF file (ratings as written, or from the list in force with --db), or a stored one (--tournament)')
    .argument('[file]', 'the TRF file')
    .option('--tournament <id>', 'a stored tournament of the database, with the games its findings take out')
    .option('--edition <id>', 'rule set (default: the tournament’s, else the FIDE edition in force at the start date)')
    .option('--system <system>', 'swiss or round-robin (default: read from the file)')
    .option('--start <date>', 'start date YYYY-MM-DD when the file has none (042, or the first round date)')
    .action(async (file: string | undefined, opts: { tournament?: string; edition?: string; system?: string; start?: string }, cmd: Command) => {
      if (opts.start !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.start)) throw new CliError(`--start expects a date as YYYY-MM-DD, got “${opts.start}”`, 2)
      if (opts.system !== undefined && opts.system !== 'swiss' && opts.system !== 'round-robin') throw new CliError(`--system expects swiss or round-robin, got “${opts.system}”`, 2)
      const system: PairingSystem | undefined = opts.system
      const g = globalOptions(cmd)
      if (opts.tournament !== undefined) {
        if (file !== undefined) throw new CliError('give a TRF file or --tournament, not both', 2)
        if (!/^\d+$/.test(opts.tournament) || Number(opts.tournament) <= 0) throw new CliError(`--tournament expects a tournament number, got “${opts.tournament}”`, 2)
        const id = Number(opts.tournament)
        await withServices(cmd, async (cli) => {
          const r = await cli.call('tournaments:rate', { id, ...(opts.edition !== undefined ? { edition: opts.edition } : {}) })
          const source = r.list ? `the ${r.list.kind} list of ${r.list.listDate}` : `no list (none of ${r.ratingType} dated on or before ${r.start})`
          cli.print(r, () => [rateText(r, source), ...notCountedText(r)].join('\n'))
        })
        return
      }
      if (file === undefined) throw new CliError('give the TRF file to rate (or --tournament ID)', 2)
      let bytes: Uint8Array
      try {
        bytes = readFileSync(file)
      } catch (e) {
        throw new CliError(`cannot read ${file}: ${(e as Error).message}`)
      }
      const parsed = readTrf(bytes, basename(file))
      const fatal = parsed.findings.filter((f) => f.fatal)
      if (fatal.length || parsed.players.length === 0) {
        const f = fatal[0]
        throw new CliError(
          f
            ? `${file}:${f.location.line ?? '?'}:${f.location.column ?? '?'}: ${f.code} (found ${JSON.stringify(f.found)}, expected ${f.expected})`
            : `${file}: no player lines (001) found`
        )
      }
      const start = parsed.header.startDate ?? parsed.header.roundDates.find((d) => d !== null) ?? opts.start
      if (!start) throw new CliError(`${file}: no start date (042) nor round dates in the file: give one with --start YYYY-MM-DD`)
      const ratingType: RatingType = parsed.header.ratingType ?? 'standard'
      let result: RateTable
      let source = 'the file'
      if (g.db) {
        // the office's rating of the report: ratings and K of the list in force, through the same call as the UI's
        const rated = await withServices(cmd, async (cli) => {
          const r = await cli.call('tournaments:rate', {
            report: { fileName: basename(file), base64: Buffer.from(bytes).toString('base64') },
            start,
            ...(system ? { system } : {}),
            ...(opts.edition !== undefined ? { edition: opts.edition } : {})
          })
          if (!r.list) throw new CliError(`no ${ratingType} rating list dated on or before ${start} in ${cli.dbPath}`)
          return r
        })
        source = `the ${rated.list!.kind} list of ${rated.list!.listDate}`
        result = rated
      } else {
        const edition = opts.edition === undefined ? undefined : builtinEdition(opts.edition)
        if (opts.edition !== undefined && !edition) throw new UserError('engine.unknownEdition', { id: opts.edition, known: BUILTIN_EDITIONS.map((x) => x.id).join(', ') })
        result = rateTournament({ edition, start, system: system ?? parsed.system, ratingType, players: parsed.players })
      }
      const json = {
        edition: result.edition,
        system: result.system,
        players: result.players.map((p) => ({ startRank: p.startRank, fideId: p.fideId, name: p.name, rating: p.rating, ru: p.ru, n: p.n, w: p.w, we: p.we, k: p.k, kChg: p.kChg }))
      }
      process.stdout.write(g.json ? JSON.stringify(json, null, 2) + '\n' : rateText(result, source) + '\n')
    })
}

/** `rules`: the rule sets, or one with every parameter; the built-in editions need no database. */
function registerRules(program: Command): void {
  program
    .command('rules')
    .description('list the rule sets (FIDE editions, national and saved profiles), or show one with every parameter')
    .argument('[id]', 'a rule set to show')
    .action(async (id: string | undefined, _opts, cmd: Command) => {
      const g = globalOptions(cmd)
      if (id !== undefined && builtinEdition(id) && !g.db) {
        process.stdout.write(JSON.stringify(builtinEdition(id), null, 2) + '\n')
        return
      }
      if (id === undefined && !g.db) {
        const rows = BUILTIN_EDITIONS.map((e) => ({ id: e.id, name: e.name, kind: e.kind, builtin: true, inForce: e.inForce, updatedAt: null, edition: e }))
        process.stdout.write(g.json ? JSON.stringify(rows, null, 2) + '\n' : rows.map((r) => `${r.id.padEnd(12)} ${r.inForce.from ?? '…'} – ${r.inForce.to ?? '…'}  ${r.name}`).join('\n') + '\n')
        return
      }
      await withServices(cmd, async (cli) => {
        if (id !== undefined) {
          const got = await cli.call('rules:get', { id })
          process.stdout.write(JSON.stringify(got.edition, null, 2) + '\n')
          return
        }
        const rows = await cli.call('rules:list', {})
        cli.print(rows, () => rows.map((r) => `${r.id.padEnd(12)} ${r.inForce.from ?? '…'} – ${r.inForce.to ?? '…'}  ${r.name}${r.builtin ? '' : ' (saved profile)'}`).join('\n'))
      })
    })
}
