// Entry of `rating-office`: runs the program and maps failures to exit codes (1 user error, 2 bad usage).
import { CommanderError, type Command } from 'commander'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { buildProgram } from './index'
import { CliError, setWorkerScript } from './host'
import { UserError } from '../core/util/errors'
import { sourceWorkerScript, builtWorkerScript } from '../core/workers/script'

export async function runCli(argv: string[]): Promise<number> {
  setWorkerScript(import.meta.url.endsWith('.ts') ? sourceWorkerScript() : builtWorkerScript(import.meta.url))
  const program = buildProgram()
  program.exitOverride()
  program.configureOutput({ writeErr: (s) => process.stderr.write(s) })
  const override = (cmd: Command): void => {
    cmd.exitOverride()
    cmd.commands.forEach(override)
  }
  override(program)
  try {
    await program.parseAsync(argv, { from: 'user' })
    return 0
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0
      return 2
    }
    if (e instanceof CliError) {
      process.stderr.write(`rating-office: ${e.message}\n`)
      return e.exitCode
    }
    if (e instanceof UserError) {
      process.stderr.write(`rating-office: ${e.message}\n`)
      return 1
    }
    process.stderr.write(`rating-office: unexpected error: ${(e as Error).stack ?? String(e)}\n`)
    return 70
  }
}

/**
 * A reader that stops reading (`rating-office --json tournaments list | head`) closes the pipe: the rest of the output
 * has nowhere to go, which is no failure of the command. The process ends quietly, as Unix tools do.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw e
  })
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isEntry) {
  quietOnClosedPipe(process.stdout)
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
