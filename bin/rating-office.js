#!/usr/bin/env node
// `rating-office` command: runs the built CLI (npm install builds it; `npm run build:node` rebuilds it).
import { existsSync } from 'node:fs'

const cli = new URL('../out/node/cli.js', import.meta.url)
if (!existsSync(cli)) {
  process.stderr.write('rating-office: the CLI is not built yet; run `npm run build:node` in the project folder.\n')
  process.exit(1)
}
const { runCli } = await import(cli.href)
process.exitCode = await runCli(process.argv.slice(2))
