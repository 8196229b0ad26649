// Development only: lets a worker thread run a TypeScript entry (tests, tsx runs) by registering tsx first.
import { register } from 'tsx/esm/api'
import { pathToFileURL } from 'node:url'

register()
await import(pathToFileURL(process.argv[process.argv.length - 1]).href)
