// One multi-step write, run in a child process so that the crash harness can kill it with SIGKILL: prints BEGIN
// just before the write starts and END once it is committed. Usage: crash-child.ts OP DB [ARGS...]
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { openDatabase } from '../../src/main/core/db/open'
import { importTrf } from '../../src/main/core/tournaments/import'
import { importFideList } from '../../src/main/core/registry/import'
import { restoreDatabase } from '../../src/main/core/db/backup'

const [op, dbPath, ...args] = process.argv.slice(2)
const say = (s: string): void => {
  process.stdout.write(s + '\n')
}

async function main(): Promise<void> {
  if (op === 'trf-import') {
    const db = openDatabase(dbPath!)
    const files = args.map((f) => ({ name: basename(f), bytes: new Uint8Array(readFileSync(f)) }))
    say('BEGIN')
    for (const f of files) importTrf(db, f.bytes, f.name, { actor: 'harness' })
    say('END')
    db.close()
  } else if (op === 'list-import') {
    const db = openDatabase(dbPath!)
    say('BEGIN')
    importFideList(db, { file: args[0]!, listDate: args[1]! })
    say('END')
    db.close()
  } else if (op === 'restore') {
    say('BEGIN')
    // a folder of its own for the safety copy: runs of the harness follow each other within the same minute
    await restoreDatabase(dbPath!, args[0]!, join(args[1]!, String(process.pid)))
    say('END')
  } else throw new Error(`unknown operation ${op}`)
}

main().catch((e: unknown) => {
  process.stderr.write(String((e as Error).stack ?? e) + '\n')
  process.exit(3)
})
