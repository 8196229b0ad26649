// Registry commands: `players import-list FILE --date`, `players import-national FILE --date --type --source`, `players search TEXT`, `players merge KEEP DROP --reason`, and the duplicate queue.
import type { Command } from 'commander'
import { resolve } from 'node:path'
import { CliError, withServices } from '../host'
import { existsSync } from 'node:fs'
import { nationalFields, type ListImportResult, type RegistryPlayer } from '../../../shared/contract/players'
import { ratingType } from '../../../shared/contract/define'

function positiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new CliError(`${what} expects a positive whole number, got “${value}”`, 2)
  return Number(value)
}

function playerLine(p: RegistryPlayer): string {
  const name = p.givenNames ? `${p.surname}, ${p.givenNames}` : p.surname
  const rating = (t: 'standard' | 'rapid' | 'blitz'): string => String(p.ratings[t]?.rating ?? '-').padStart(4)
  const birth = p.birthYear ?? p.ageCategory ?? ''
  return [
    String(p.id).padStart(7),
    String(p.fideId ?? '').padStart(10),
    name.padEnd(36).slice(0, 36),
    (p.federation ?? '').padEnd(3),
    (p.title ?? p.womanTitle ?? '').padEnd(3),
    rating('standard'),
    rating('rapid'),
    rating('blitz'),
    String(birth).padEnd(5),
    p.status
  ].join('  ')
}

/**
 * What a list import stored, in words: the players (records read less the IDs given twice), the lists, the
 * registry's changes; the repeated IDs with their lines (the first line of each is kept, as for every list), then
 * the warnings.
 */
function importText(res: ListImportResult, file: string): string {
  const d = res.duplicates
  const head = d.count
    ? `imported ${res.records - d.count} players from ${file} (${res.format}, ${res.encoding}): ${res.records} records, ${d.count} of them an ID already given (the first line of each ID is kept, the later skipped)`
    : `imported ${res.records} players from ${file} (${res.format}, ${res.encoding})`
  return [
    head,
    ...res.lists.map((l) => `  list ${l.id}  ${l.ratingType.padEnd(8)} ${l.entries} entries`),
    `  players: ${res.players.inserted} new, ${res.players.updated} updated, ${res.players.unchanged} unchanged; arbiters added: ${res.arbitersAdded}`,
    ...(d.count ? [`  ${d.count} duplicate ID(s):`, ...d.lines.slice(0, 20).map((x) => `    ID ${x.id} on line ${x.line}, already on line ${x.firstLine}: line ${x.line} skipped`), ...(d.count > 20 ? [`    … and ${d.count - 20} more`] : [])] : []),
    ...(res.warningCount - d.count > 0
      ? [`  ${res.warningCount - d.count} other warning(s):`, ...res.warnings.filter((w) => w.field !== 'id' || !/already given on line/.test(w.expected)).slice(0, 20).map((w) => `    line ${w.line}, column ${w.column}: ${w.field} “${w.found}”: ${w.expected}`)]
      : [])
  ].join('\n')
}

export function register(program: Command): void {
  const players = program.command('players').description('the player registry: FIDE lists, search, duplicates and merges')
  registerPlayersImportList(players)
  registerPlayersImportNational(players)
  registerPlayersSearch(players)
  registerPlayersMerge(players)
  registerPlayersUndoMerge(players)
  registerPlayersDuplicates(players)
}

/** `players import-list`: a FIDE list file imported in the worker as reference lists. */
function registerPlayersImportList(players: Command): void {
  players
    .command('import-list')
    .description('import a FIDE list (combined/single-type/legacy TXT, or XML) as read-only reference lists')
    .argument('<file>', 'the list file')
    .requiredOption('--date <YYYY-MM-DD>', 'the list date (first day of the list month)')
    .option('--type <type>', 'standard, rapid or blitz, for a single-type file whose name does not say it')
    .action(async (file: string, opts: { date: string; type?: string }, cmd: Command) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new CliError(`--date expects YYYY-MM-DD, got “${opts.date}”`, 2)
      const type = opts.type === undefined ? undefined : ratingType.safeParse(opts.type)
      if (type && !type.success) throw new CliError(`--type expects standard, rapid or blitz, got “${opts.type}”`, 2)
      await withServices(cmd, async (cli) => {
        const input = { file: resolve(file), listDate: opts.date, ...(type ? { ratingType: type.data } : {}) }
        const res = await cli.runJob('registry:importList', input)
        cli.print(res, () => importText(res, file))
      })
    })
}

/** `players import-national`: a national list with the UI's column mapping, --map over it, --preview to see it first. */
function registerPlayersImportNational(players: Command): void {
  players
    .command('import-national')
    .description('import a national list (CSV or XLSX) as a read-only reference list of the federation, its columns mapped as the UI suggests')
    .argument('<file>', 'the list file (CSV or XLSX)')
    .requiredOption('--date <YYYY-MM-DD>', 'the list date (first day of the list month)')
    .requiredOption('--type <type>', 'standard, rapid or blitz: the rating the list gives')
    .requiredOption('--source <code>', 'the federation that publishes the list, three capital letters (e.g. FRA)')
    .option('--map <field=column>', `a column for a field, repeatable, over the suggested mapping (fields: ${nationalFields.join(', ')}; an empty column unmaps)`, (v: string, prev: string[] = []) => [...prev, v])
    .option('--preview', 'only show the columns, a sample and the mapping that would be used; import nothing')
    .addHelpText('after', '\nExample:\n  rating-office players import-national fra-2025-10.csv --date 2025-10-01 --type standard --source FRA --map birth=Naissance --preview')
    .action(async (file: string, opts: { date: string; type: string; source: string; map?: string[]; preview?: boolean }, cmd: Command) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new CliError(`--date expects YYYY-MM-DD, got “${opts.date}”`, 2)
      const type = ratingType.safeParse(opts.type)
      if (!type.success) throw new CliError(`--type expects standard, rapid or blitz, got “${opts.type}”`, 2)
      if (!/^[A-Z]{3}$/.test(opts.source)) throw new CliError(`--source expects a federation code of three capital letters, got “${opts.source}”`, 2)
      const path = resolve(file)
      if (!existsSync(path)) throw new CliError(`Cannot read ${file}: no such file`)
      await withServices(cmd, async (cli) => {
        // the UI's preview, on a handle to the local file (a CLI argument is a file the officer chose)
        const upload = cli.services.ctx.uploads.register(path, 'national-list')
        const preview = await cli.call('players:previewNational', { upload: upload.handle })
        const mapping: Partial<Record<(typeof nationalFields)[number], string>> = { ...preview.suggested }
        for (const m of opts.map ?? []) {
          const eq = m.indexOf('=')
          const field = eq < 0 ? m : m.slice(0, eq)
          if (eq < 0 || !(nationalFields as readonly string[]).includes(field)) throw new CliError(`--map expects FIELD=COLUMN with a field among ${nationalFields.join(', ')}, got “${m}”`, 2)
          const column = m.slice(eq + 1)
          if (column && !preview.columns.includes(column)) throw new CliError(`--map ${field}: the file has no column “${column}” (columns: ${preview.columns.join(', ')})`, 2)
          if (column) mapping[field as (typeof nationalFields)[number]] = column
          else delete mapping[field as (typeof nationalFields)[number]]
        }
        if (opts.preview) {
          cli.print({ columns: preview.columns, rows: preview.rows, sample: preview.sample, mapping }, () =>
            [
              `${file}: ${preview.rows} rows; columns: ${preview.columns.join(', ')}`,
              '  mapping:',
              ...nationalFields.filter((f) => mapping[f]).map((f) => `    ${f.padEnd(10)} ← ${mapping[f]}`),
              '  sample:',
              ...preview.sample.slice(0, 5).map((r) => `    ${r.join(' | ')}`)
            ].join('\n')
          )
          return
        }
        const res = await cli.runJob('registry:importNational', { file: path, listDate: opts.date, ratingType: type.data, source: opts.source, mapping })
        cli.print({ ...res, mapping }, () => importText(res, file))
      })
    })
}

/** `players search`: one page of the registry, as the players screen reads it. */
function registerPlayersSearch(players: Command): void {
  players
    .command('search')
    .description('find players by name (accents optional), FIDE or national ID')
    .argument('<text>', 'name words, or an ID')
    .option('--federation <code>', 'only this federation (e.g. GER)')
    .option('--sort <field>', 'name, fideId, federation, rating, birthYear or title', 'name')
    .option('--desc', 'descending order')
    .option('--limit <n>', 'how many', '20')
    .option('--offset <n>', 'skip this many', '0')
    .action(async (text: string, opts: { federation?: string; sort: string; desc?: boolean; limit: string; offset: string }, cmd: Command) => {
      const limit = positiveInt(opts.limit, '--limit')
      const offset = /^\d+$/.test(opts.offset) ? Number(opts.offset) : positiveInt(opts.offset, '--offset')
      if (!['name', 'fideId', 'federation', 'rating', 'birthYear', 'title'].includes(opts.sort)) throw new CliError(`--sort does not know “${opts.sort}”`, 2)
      await withServices(cmd, async (cli) => {
        const page = await cli.call('players:search', {
          text,
          ...(opts.federation ? { federation: opts.federation } : {}),
          sort: opts.sort as 'name',
          order: opts.desc ? 'desc' : 'asc',
          limit,
          offset
        })
        cli.print(page, () =>
          page.rows.length
            ? [`${page.total} player(s)`, `${'id'.padStart(7)}  ${'FIDE ID'.padStart(10)}  ${'name'.padEnd(36)}  fed  tit   std   rpd   blz  birth  status`, ...page.rows.map(playerLine)].join('\n')
            : `no player matches “${text}”`
        )
      })
    })
}

/** `players merge`: a duplicate merged into the player kept, every reference moved. */
function registerPlayersMerge(players: Command): void {
  players
    .command('merge')
    .description('merge DROP into KEEP: every list entry and reference moves to KEEP (recorded, undoable until a list is published)')
    .argument('<keep>', 'the registry id of the player to keep')
    .argument('<drop>', 'the registry id of the duplicate')
    .requiredOption('--reason <text>', 'why (goes to the audit log)')
    .option('--rewrite-sealed', 'when the duplicate is on lists of a sealed period: write that period’s archive file anew (checked before it replaces the old one)')
    .action(async (keep: string, drop: string, opts: { reason: string; rewriteSealed?: boolean }, cmd: Command) => {
      const keepId = positiveInt(keep, 'KEEP_ID')
      const dropId = positiveInt(drop, 'DROP_ID')
      await withServices(cmd, async (cli) => {
        const m = await cli.call('players:merge', { keepId, dropId, reason: opts.reason, rewriteSealed: opts.rewriteSealed === true })
        cli.print(m, () =>
          [
            `merge ${m.id}: player ${m.dropId} merged into ${m.keepId}`,
            ...m.moved.map((x) => `  ${x.table}: ${x.rows} row(s) moved`),
            ...(m.entryConflicts.length ? [`  lists where both had an entry (the duplicate’s entry stays with it): ${m.entryConflicts.join(', ')}`] : [])
          ].join('\n')
        )
      })
    })
}

/** `players undo-merge`: a merge undone exactly while no list was published after it. */
function registerPlayersUndoMerge(players: Command): void {
  players
    .command('undo-merge')
    .description('undo a merge exactly (refused once an office list was published after it)')
    .argument('<mergeId>', 'the merge number')
    .requiredOption('--reason <text>', 'why (goes to the audit log)')
    .option('--rewrite-sealed', 'when the merge moved entries of a sealed period’s lists: write that period’s archive file anew (checked before it replaces the old one)')
    .action(async (mergeId: string, opts: { reason: string; rewriteSealed?: boolean }, cmd: Command) => {
      const id = positiveInt(mergeId, 'MERGE_ID')
      await withServices(cmd, async (cli) => {
        const m = await cli.call('players:undoMerge', { mergeId: id, reason: opts.reason, rewriteSealed: opts.rewriteSealed === true })
        cli.print(m, () => `merge ${m.id} undone: player ${m.dropId} is separate from ${m.keepId} again`)
      })
    })
}

/** `players duplicates`: the registry scanned in the worker, then the open review queue. */
function registerPlayersDuplicates(players: Command): void {
  players
    .command('duplicates')
    .description('scan the registry for likely duplicates (in the worker) and print the open review queue')
    .option('--no-scan', 'only print the queue')
    .option('--limit <n>', 'how many', '50')
    .action(async (opts: { scan: boolean; limit: string }, cmd: Command) => {
      const limit = positiveInt(opts.limit, '--limit')
      await withServices(cmd, async (cli) => {
        if (opts.scan) await cli.runJob('registry:scanDuplicates', {})
        const q = await cli.call('players:duplicates', { status: 'open', limit })
        cli.print(q, () =>
          q.rows.length
            ? [`${q.total} open candidate(s)`, ...q.rows.map((c) => `  #${c.id}  ${c.score.toFixed(3)}  ${playerLine(c.a).trim()}\n${' '.repeat(16)}${playerLine(c.b).trim()}`)].join('\n')
            : 'no open duplicate candidate'
        )
      })
    })
}
