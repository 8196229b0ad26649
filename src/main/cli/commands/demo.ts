// `rating-office demo`: loads the bundled demo federation into an empty database (the same job as the home screen's button).
import type { Command } from 'commander'
import { withServices } from '../host'

export function register(program: Command): void {
  program
    .command('demo')
    .description('load the demo federation (national lists, arbiters, a month of reports with their problems) into an empty database')
    .option('--registry-only', 'load the lists and arbiters only, leaving the reports to import')
    .action(async (opts: { registryOnly?: boolean }, cmd: Command) => {
      await withServices(cmd, async (cli) => {
        const res = await cli.runJob('demo:load', { registryOnly: Boolean(opts.registryOnly) })
        cli.print(res, () =>
          [
            `players    ${res.players}`,
            ...res.lists.map((l) => `list       ${l.ratingType} #${l.listId} (${l.entries} players)`),
            `arbiters   ${res.arbiters}`,
            ...res.reports.map((r) => (r.tournamentId === null ? `refused    ${r.file}: ${r.message}` : `tournament #${r.tournamentId} ${r.file}: ${r.errors} error(s), ${r.warnings} warning(s)`))
          ].join('\n')
        )
      })
    })
}
