// List and archive commands: `lists show`, `lists entries ID`, the office's own lists (`lists calendar`, `generate`,
// `preview`, `sheet`, `publish`, `correct`), `archive find TEXT`, `archive history`, `archive on`.
import type { Command } from 'commander'
import { CliError, withServices } from '../host'
import type { ListSummary } from '../../../shared/contract/lists'
import { RATING_TYPES } from '../../../shared/contract/plain'
import { listProvenance, publisherFileStem, publisherLabel, publisherName } from '../../../shared/locales/list-publisher'
import { registerOfficeLists } from './office-lists'

function positiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new CliError(`${what} expects a positive whole number, got “${value}”`, 2)
  return Number(value)
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T | undefined {
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) throw new CliError(`${what} expects ${allowed.join(', ')}, got “${value}”`, 2)
  return value as T
}

/** The player named on the command line: exactly one of --fide-id and --player. */
function playerRef(opts: { fideId?: string; player?: string }): { fideId: number } | { playerId: number } {
  if ((opts.fideId === undefined) === (opts.player === undefined)) throw new CliError('give either --fide-id or --player (exactly one)', 2)
  return opts.fideId !== undefined ? { fideId: positiveInt(opts.fideId, '--fide-id') } : { playerId: positiveInt(opts.player as string, '--player') }
}

/** A list's line: its publisher's code where the chain's source was (an office list is its federation's, not FIDE's), and how it was obtained. */
const listLine = (l: ListSummary): string =>
  [String(l.id).padStart(5), l.listDate, l.ratingType.padEnd(8), l.kind.padEnd(9), publisherFileStem(l.publisher).padEnd(5), l.status.padEnd(9), `v${l.version}`, String(l.entries).padStart(8), `${publisherName(l.publisher, 'en')} — ${listProvenance(l.publisher, 'en')}`].join('  ')

const num = (n: number | null, width: number): string => String(n ?? '-').padStart(width)

export function register(program: Command): void {
  const lists = program.command('lists').description('rating lists held by the office: reference lists, and the office’s own lists generated, previewed, published and corrected')
  registerListsShow(lists)
  registerListsEntries(lists)
  registerOfficeLists(lists)

  const archive = program.command('archive').description('a player across the lists: lookup, history, rating on one list')
  registerArchiveFind(archive)
  registerArchiveHistory(archive)
  registerArchiveOn(archive)
}

/** `lists show`: the lists held, newest first, filtered by kind, type or status. */
function registerListsShow(lists: Command): void {
  lists
    .command('show')
    .description('the lists, newest first, with their entry counts')
    .option('--kind <kind>', 'reference or office')
    .option('--type <type>', 'standard, rapid or blitz')
    .option('--status <status>', 'reference, published or draft')
    .action(async (opts: { kind?: string; type?: string; status?: string }, cmd: Command) => {
      const input = {
        ...(opts.kind ? { kind: oneOf(opts.kind, ['reference', 'office'] as const, '--kind') } : {}),
        ...(opts.type ? { ratingType: oneOf(opts.type, RATING_TYPES, '--type') } : {}),
        ...(opts.status ? { status: oneOf(opts.status, ['reference', 'published', 'draft'] as const, '--status') } : {})
      }
      await withServices(cmd, async (cli) => {
        const rows = await cli.call('lists:list', input)
        cli.print(rows, () => (rows.length ? rows.map(listLine).join('\n') : 'no rating list'))
      })
    })
}

/** `lists entries`: one page of a list, sorted and searched as the list screen does. */
function registerListsEntries(lists: Command): void {
  lists
    .command('entries')
    .description('one page of a list, sorted and optionally searched by name or FIDE ID')
    .argument('<listId>', 'the list id (see `lists show`)')
    .option('--sort <key>', 'rating, name or fideId', 'rating')
    .option('--order <order>', 'asc or desc', 'desc')
    .option('--search <text>', 'name words or the start of a FIDE ID')
    .option('--offset <n>', 'rows to skip', '0')
    .option('--limit <n>', 'rows to show (at most 1000)', '50')
    .action(async (listId: string, opts: { sort: string; order: string; search?: string; offset: string; limit: string }, cmd: Command) => {
      if (!/^\d+$/.test(opts.offset)) throw new CliError(`--offset expects a whole number, got “${opts.offset}”`, 2)
      const input = {
        listId: positiveInt(listId, 'listId'),
        sort: oneOf(opts.sort, ['rating', 'name', 'fideId'] as const, '--sort'),
        order: oneOf(opts.order, ['asc', 'desc'] as const, '--order'),
        offset: Number(opts.offset),
        limit: positiveInt(opts.limit, '--limit'),
        ...(opts.search ? { search: opts.search } : {})
      }
      await withServices(cmd, async (cli) => {
        const page = await cli.call('lists:entries', input)
        cli.print(page, () =>
          [
            `list ${page.list.id}: ${page.list.ratingType} ${page.list.kind} list of ${page.list.listDate} (${publisherLabel(page.list.publisher, 'en')}, ${page.list.status}); rows ${page.rows.length ? input.offset + 1 : 0}–${input.offset + page.rows.length} of ${page.capped ? 'at least ' : ''}${page.total}${page.capped ? ' (refine the search)' : ''}`,
            ...page.rows.map((r) =>
              // a delisted entry: no rank, no rating, and the mark (his figure under the floor is on his calculation sheet)
              [String(r.rank ?? '').padStart(7), String(r.fideId ?? '').padStart(10), r.name.padEnd(36).slice(0, 36), (r.federation ?? '').padEnd(3), (r.title ?? '').padEnd(3), num(r.rating, 4), num(r.games, 3), num(r.k, 2), [r.flags ?? '', r.delisted ? 'delisted' : ''].filter(Boolean).join(' ')].join('  ').trimEnd()
            )
          ].join('\n')
        )
      })
    })
}

/** `archive find`: the players a FIDE ID or name words designate, to pick one for `history` or `on`. */
function registerArchiveFind(archive: Command): void {
  archive
    .command('find')
    .description('players by FIDE ID (or its start) or by name words')
    .argument('<text>', 'FIDE ID or name')
    .action(async (text: string, _opts: unknown, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const rows = await cli.call('archive:findPlayers', { query: text, limit: 50 })
        cli.print(rows, () =>
          rows.length
            ? rows.map((p) => [String(p.id).padStart(7), String(p.fideId ?? '').padStart(10), p.name.padEnd(36).slice(0, 36), p.federation ?? ''].join('  ')).join('\n')
            : `no player matches “${text}”`
        )
      })
    })
}

/** `archive history`: every list entry of one player, oldest first. */
function registerArchiveHistory(archive: Command): void {
  archive
    .command('history')
    .description("every list entry of a player, oldest first")
    .option('--fide-id <id>', 'the player by FIDE ID')
    .option('--player <id>', 'the player by office id')
    .option('--type <type>', 'standard, rapid or blitz')
    .option('--drafts', 'include draft lists')
    .action(async (opts: { fideId?: string; player?: string; type?: string; drafts?: boolean }, cmd: Command) => {
      const input = {
        ...playerRef(opts),
        ...(opts.type ? { ratingType: oneOf(opts.type, RATING_TYPES, '--type') } : {}),
        includeDrafts: Boolean(opts.drafts)
      }
      await withServices(cmd, async (cli) => {
        const h = await cli.call('archive:history', input)
        cli.print(h, () =>
          [
            `${h.player.name}${h.player.fideId ? ` (FIDE ${h.player.fideId})` : ''}`,
            ...(h.entries.length
              ? h.entries.map((e) => [e.listDate, e.ratingType.padEnd(8), e.kind.padEnd(9), publisherFileStem(e.publisher).padEnd(5), e.status.padEnd(9), num(e.rating, 4), num(e.games, 3), num(e.k, 2), [e.flags ?? '', e.delisted ? 'delisted' : ''].filter(Boolean).join(' ')].join('  ').trimEnd())
              : ['  on no list'])
          ].join('\n')
        )
      })
    })
}

/** `archive on`: one player's entry on one list, or that he is not on it. */
function registerArchiveOn(archive: Command): void {
  archive
    .command('on')
    .description("a player's entry on one list, or that he is not on it")
    .argument('<listId>', 'the list id')
    .option('--fide-id <id>', 'the player by FIDE ID')
    .option('--player <id>', 'the player by office id')
    .action(async (listId: string, opts: { fideId?: string; player?: string }, cmd: Command) => {
      const input = { listId: positiveInt(listId, 'listId'), ...playerRef(opts) }
      await withServices(cmd, async (cli) => {
        const r = await cli.call('archive:ratingOn', input)
        const where = `the ${r.list.ratingType} list of ${r.list.listDate} (list ${r.list.id})`
        cli.print(r, () =>
          !r.entry
            ? `${r.player.name} is not on ${where}`
            : `${r.player.name}: ${r.entry.delisted ? 'delisted (rating under the floor: unrated)' : (r.entry.rating ?? 'no rating')} on ${where}${r.entry.games !== null ? `, ${r.entry.games} games` : ''}${r.entry.k !== null ? `, K ${r.entry.k}` : ''}`
        )
      })
    })
}
