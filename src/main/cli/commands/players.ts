// Registry commands: `players import-list FILE --date`, `players search TEXT`, `players merge KEEP DROP --reason`, and the duplicate queue.
import type { Command } from 'commander'
import { resolve } from 'node:path'
import { CliError, withServices } from '../host'
import type { RegistryPlayer } from '../../../shared/contract/players'
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

export function register(program: Command): void {
  const players = program.command('players').description('the player registry: FIDE lists, search, duplicates and merges')

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
        cli.print(res, () =>
          [
            `imported ${res.records} players from ${file} (${res.format}, ${res.encoding})`,
            ...res.lists.map((l) => `  list ${l.id}  ${l.ratingType.padEnd(8)} ${l.entries} entries`),
            `  players: ${res.players.inserted} new, ${res.players.updated} updated, ${res.players.unchanged} unchanged; arbiters added: ${res.arbitersAdded}`,
            ...(res.warningCount ? [`  ${res.warningCount} warning(s):`, ...res.warnings.slice(0, 20).map((w) => `    line ${w.line}, column ${w.column}: ${w.field} “${w.found}”: ${w.expected}`)] : [])
          ].join('\n')
        )
      })
    })

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

  players
    .command('merge')
    .description('merge DROP into KEEP: every list entry and reference moves to KEEP (recorded, undoable until a list is published)')
    .argument('<keep>', 'the registry id of the player to keep')
    .argument('<drop>', 'the registry id of the duplicate')
    .requiredOption('--reason <text>', 'why (goes to the audit log)')
    .action(async (keep: string, drop: string, opts: { reason: string }, cmd: Command) => {
      const keepId = positiveInt(keep, 'KEEP_ID')
      const dropId = positiveInt(drop, 'DROP_ID')
      await withServices(cmd, async (cli) => {
        const m = await cli.call('players:merge', { keepId, dropId, reason: opts.reason })
        cli.print(m, () =>
          [
            `merge ${m.id}: player ${m.dropId} merged into ${m.keepId}`,
            ...m.moved.map((x) => `  ${x.table}: ${x.rows} row(s) moved`),
            ...(m.entryConflicts.length ? [`  lists where both had an entry (the duplicate’s entry stays with it): ${m.entryConflicts.join(', ')}`] : [])
          ].join('\n')
        )
      })
    })

  players
    .command('undo-merge')
    .description('undo a merge exactly (refused once an office list was published after it)')
    .argument('<mergeId>', 'the merge number')
    .requiredOption('--reason <text>', 'why (goes to the audit log)')
    .action(async (mergeId: string, opts: { reason: string }, cmd: Command) => {
      const id = positiveInt(mergeId, 'MERGE_ID')
      await withServices(cmd, async (cli) => {
        const m = await cli.call('players:undoMerge', { mergeId: id, reason: opts.reason })
        cli.print(m, () => `merge ${m.id} undone: player ${m.dropId} is separate from ${m.keepId} again`)
      })
    })

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
