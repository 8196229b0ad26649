// The `rating-office` command line: global options and every domain's commands.
import { Command } from 'commander'
import { appVersion } from '../core/util/version'
import { register as registerSystem } from './commands/system'
import { register as registerRating } from './commands/rating'
import { register as registerTournaments } from './commands/tournaments'
import { register as registerPlayers } from './commands/players'
import { register as registerLists } from './commands/lists'
import { register as registerDb } from './commands/db'
import { register as registerAudit } from './commands/audit'
import { register as registerListExports } from './commands/list-exports'
import { register as registerDemo } from './commands/demo'
import { register as registerSite } from './commands/site'

/** Each domain's commands; add yours here. */
const registrars: ((program: Command) => void)[] = [registerSystem, registerRating, registerTournaments, registerPlayers, registerLists, registerListExports, registerDb, registerAudit, registerDemo, registerSite]

export function buildProgram(): Command {
  const program = new Command()
  program
    .name('rating-office')
    .description('Rating Office: players, tournaments, FIDE rating calculations and rating lists')
    .version(appVersion)
    .option('--db <file>', 'database file (default: RATING_OFFICE_DB or the user data folder)')
    .option('--json', 'print JSON for scripts')
    .showHelpAfterError()
  for (const register of registrars) register(program)
  return program
}
