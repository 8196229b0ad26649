// Input issues in the product's words, English and French (issue 35, item 11): each common zod issue kind, through the
// real contract schemas and through the dispatcher every host uses.
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssue, describeIssues, issueTexts, type InputIssue } from '../../../src/shared/errors/issues'
import { translateError } from '../../../src/shared/errors/index'
import { contract } from '../../../src/shared/contract/index'
import { createServices } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { tempDir } from '../../helpers/temp-db'

const issuesOf = (schema: z.ZodType, input: unknown): InputIssue[] => {
  const r = schema.safeParse(input, { reportInput: true })
  if (r.success) throw new Error('expected issues')
  return r.error.issues as InputIssue[]
}
const both = (schema: z.ZodType, input: unknown): [string, string] => {
  const issues = issuesOf(schema, input)
  return [describeIssues(issues, 'en'), describeIssues(issues, 'fr')]
}
const decide = contract['tournaments:decideFinding'].input

describe('each kind of issue, in the product’s words', () => {
  it('a string too short, the issue’s example: a reason of at least 3 characters', () => {
    expect(both(decide, { findingId: 1, decision: 'accepted', reason: 'ok' })).toEqual(['a reason of at least 3 characters is needed', 'il faut un motif d’au moins 3 caractères'])
    // the zod message it replaces
    expect(issuesOf(decide, { findingId: 1, decision: 'accepted', reason: 'ok' })[0]!.message).toBe('Too small: expected string to have >=3 characters')
  })
  it('a string too long, an invalid enum value, a missing field', () => {
    expect(both(decide, { findingId: 1, decision: 'accepted', reason: 'x'.repeat(2001) })).toEqual(['a reason of at most 2000 characters is needed', 'il faut un motif de 2000 caractères au plus'])
    expect(both(decide, { findingId: 1, decision: 'maybe', reason: 'fine reason' })).toEqual(['a decision among accepted, rejected, overridden is needed (found “maybe”)', 'il faut une décision parmi accepted, rejected, overridden (reçu : « maybe »)'])
    expect(both(decide, { findingId: 1, decision: 'accepted' })).toEqual(['a reason is needed', 'il faut un motif'])
  })
  it('numbers too small and too big, a wrong type, a whole number', () => {
    const list = contract['tournaments:list'].input
    expect(both(list, { limit: 0 })).toEqual(['a page size of at least 1 is needed (found “0”)', 'il faut une taille de page valant au moins 1 (reçu : « 0 »)'])
    expect(both(list, { limit: 501 })).toEqual(['a page size of at most 500 is needed (found “501”)', 'il faut une taille de page valant au plus 500 (reçu : « 501 »)'])
    expect(both(list, { limit: 'ten' })).toEqual(['a page size is needed as a number (found text)', 'il faut une taille de page sous forme de nombre (reçu : texte)'])
    expect(both(decide, { findingId: 1.5, decision: 'accepted', reason: 'fine reason' })).toEqual(['a finding number is needed as a whole number (found a number)', 'il faut un numéro de constat sous forme de nombre entier (reçu : nombre)'])
    expect(both(decide, { findingId: -1, decision: 'accepted', reason: 'fine reason' })).toEqual(['a finding number greater than 0 is needed (found “-1”)', 'il faut un numéro de constat valant plus de 0 (reçu : « -1 »)'])
  })
  it('an invalid date, located inside a list of files; an unknown field; a field not known to the labels', () => {
    const imp = contract['tournaments:import'].input
    expect(both(imp, { files: [{ fileName: 'a.trf', base64: '', receivedDate: '3/10/2025' }] })).toEqual([
      'a received date is needed as a date YYYY-MM-DD (found “3/10/2025”) — files.0.receivedDate',
      'il faut une date de réception sous forme de date AAAA-MM-JJ (reçu : « 3/10/2025 ») — files.0.receivedDate'
    ])
    expect(both(imp, { files: [] })).toEqual(['at least 1 item is needed for files', 'il faut au moins 1 élément pour des fichiers'])
    expect(both(decide, { findingId: 1, decision: 'accepted', reason: 'fine reason', colour: 'red' })).toEqual(['unknown field: colour', 'champ inconnu : colour'])
    expect(describeIssue({ code: 'too_small', origin: 'string', minimum: 2, inclusive: true, path: ['nickname'], message: 'Too small' }, 'fr')).toBe('il faut une valeur pour « nickname » d’au moins 2 caractères')
  })
  it('a refinement keeps its own words; an error parameter given in both languages is told in the message’s', () => {
    const refined = z.object({ a: z.number().optional() }).refine((v) => v.a !== undefined, { message: 'expected items or itemsJson' })
    expect(both(refined, {})).toEqual(['expected items or itemsJson', 'expected items or itemsJson'])
    const texts = issueTexts(issuesOf(decide, { findingId: 1, decision: 'accepted', reason: 'ok' }))
    expect(translateError('contract.invalidInput', { name: 'tournaments:decideFinding', issues: texts }, 'fr')).toBe('Données invalides pour tournaments:decideFinding : il faut un motif d’au moins 3 caractères')
  })
})

describe('through the dispatcher every host uses', () => {
  const tmp = tempDir()
  const services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  afterAll(async () => {
    await services.close()
    tmp.cleanup()
  })
  it('answers a short reason in the product’s words, in the settings’ language, located in the details', async () => {
    const r = await services.dispatch('tournaments:decideFinding', { findingId: 1, decision: 'accepted', reason: 'ok' })
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', key: 'contract.invalidInput', message: 'Invalid input for tournaments:decideFinding: a reason of at least 3 characters is needed', details: [{ path: 'reason', message: 'a reason of at least 3 characters is needed' }] } })
    await services.dispatch('settings:set', { locale: 'fr' })
    const fr = await services.dispatch('tournaments:decideFinding', { findingId: 1, decision: 'accepted', reason: 'ok' })
    expect(fr).toMatchObject({ ok: false, error: { message: 'Données invalides pour tournaments:decideFinding : il faut un motif d’au moins 3 caractères' } })
    // a job's input, refused by the runner before any worker starts: the same words
    const job = await services.dispatch('jobs:start', { kind: 'tournaments:import', input: { files: [{ fileName: 'a.trf', base64: '', receivedDate: 'yesterday' }] } })
    expect(job.ok).toBe(false)
    if (!job.ok) expect(job.error.message).toContain('il faut une date de réception sous forme de date AAAA-MM-JJ (reçu : « yesterday »)')
  })
})
