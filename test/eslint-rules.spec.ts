// The project's own lint rules refuse what they are meant to: a .vue component reaching the API client.
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId ?? m.message)
}

const vue = (script: string): string => `<script setup lang="ts">\n${script}\n</script>\n\n<template>\n  <div>{{ x }}</div>\n</template>\n`

describe('only stores call the API', () => {
  const component = root + 'src/renderer/src/features/players/Probe.vue'

  it('refuses the client imported into a component, by alias or by path', async () => {
    expect(await ruleIds(vue("import { api } from '@renderer/api'\nconst x = api"), component)).toContain('no-restricted-imports')
    expect(await ruleIds(vue("import { callOrThrow } from '../../api'\nconst x = callOrThrow"), component)).toContain('no-restricted-imports')
  })

  it("lets a component use the api module's helpers, and a store use the client", async () => {
    expect(await ruleIds(vue("import { failureMessage } from '@renderer/api'\nconst x = failureMessage"), component)).toEqual([])
    expect(await ruleIds("import { api } from '@renderer/api'\nexport const x = api\n", root + 'src/renderer/src/features/players/store.ts')).toEqual([])
  })
})

describe('SQL lives in the data layer', () => {
  const query = "import type { Db } from '../db/open'\nexport const n = (db: Db): unknown => db.prepare('SELECT 1').get()\n"

  it('refuses a prepared statement in a core module outside data/ and db/', async () => {
    expect(await ruleIds(query, root + 'src/main/core/services/probe.ts')).toContain('no-restricted-syntax')
    expect(await ruleIds(query, root + 'src/main/core/registry/probe.ts')).toContain('no-restricted-syntax')
  })

  it('lets data/ and db/ prepare statements', async () => {
    expect(await ruleIds(query, root + 'src/main/core/data/probe.ts')).toEqual([])
    expect(await ruleIds(query, root + 'src/main/core/db/probe.ts')).toEqual([])
  })
})
