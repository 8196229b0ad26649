// The single entry of the main process: validates a call's input against the contract, runs its handler,
// and answers { ok, value } | { ok: false, error } with a translated, human-readable error.
import type { z } from 'zod'
import { contract, type CallName, type CallOutput, type Contract, type Reply, type ApiError } from '../../../shared/contract/index'
import { translateError, type Locale } from '../../../shared/errors/index'
import { describeIssue, issueTexts, type InputIssue } from '../../../shared/errors/issues'
import { UserError } from '../util/errors'
import { sqliteUserError } from '../db/sqlite-errors'
import { followArchiveFiles } from '../db/archive-files'
import type { ServiceContext } from './context'

/** What a call is told while the office is taken alone (ServiceContext.maintenance). */
const MAINTENANCE = { restore: 'db.restoring', seal: 'db.sealing', rewrite: 'db.rewriting' } as const

export type Handler<N extends CallName> = (
  input: z.output<Contract[N]['input']>,
  ctx: ServiceContext
) => CallOutput<N> | Promise<CallOutput<N>>

export type Handlers = { [N in CallName]: Handler<N> }
export type HandlersOf<P extends string> = { [N in CallName as N extends `${P}:${string}` ? N : never]: Handler<N> }

export interface DispatchOptions {
  /** Locale of error messages (the settings' language by default). */
  locale?: () => Locale
  /** Validate outputs too (tests and development). */
  checkOutput?: boolean
}

export type Dispatch = (name: string, input: unknown) => Promise<Reply<unknown>>

export function toApiError(e: unknown, locale: Locale, dbPath?: string): ApiError {
  // a busy database or a full disk is said in words, not as an unexpected error
  e = sqliteUserError(e, dbPath) ?? e
  if (e instanceof UserError) {
    return {
      code: 'user',
      key: e.key,
      params: e.params,
      message: translateError(e.key, e.params, locale),
      details: e.details
    }
  }
  const message = e instanceof Error ? e.message : String(e)
  return { code: 'internal', key: 'internal', params: { message }, message: translateError('internal', { message }, locale) }
}

/** Input issues in the product's words, in both languages (shared/errors/issues.ts: one mapping for every host). */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): { en: string; fr: string } {
  return issueTexts(issues as readonly InputIssue[])
}

/** Each issue located by its path, in the product's words, in the given language (an error's details). */
export function issueDetails(issues: readonly z.core.$ZodIssue[], locale: Locale): { path: string; message: string }[] {
  return issues.map((i) => ({ path: i.path.join('.'), message: describeIssue(i as InputIssue, locale) }))
}

export function createDispatch(ctx: ServiceContext, handlers: Handlers, options: DispatchOptions = {}): Dispatch {
  const locale = options.locale ?? (() => 'en' as Locale)
  return async (name, input) => {
    const loc = locale()
    if (!Object.prototype.hasOwnProperty.call(contract, name)) {
      return { ok: false, error: toApiError(new UserError('contract.unknownCall', { name }), loc) }
    }
    const callName = name as CallName
    const def = contract[callName]
    // the read-only archive serves only the calls marked for it: a new call stays private until marked
    if (ctx.readOnly && !(def.access === 'read' && def.archive === true)) {
      return { ok: false, error: toApiError(new UserError('contract.readOnly', { name }), loc) }
    }
    if (ctx.maintenance) return { ok: false, error: toApiError(new UserError(MAINTENANCE[ctx.maintenance]), loc) }
    const parsed = def.input.safeParse(input ?? {}, { reportInput: true })
    if (!parsed.success) {
      const err = new UserError('contract.invalidInput', { name, issues: formatIssues(parsed.error.issues) }, issueDetails(parsed.error.issues, loc))
      return { ok: false, error: { ...toApiError(err, loc), code: 'validation' } }
    }
    try {
      // a period sealed on another connection since the last call: its file attached before this call reads
      followArchiveFiles(ctx.db, ctx.dbPath)
      const handler = handlers[callName] as (input: unknown, ctx: ServiceContext) => unknown
      const value = await handler(parsed.data, ctx)
      if (options.checkOutput) {
        const out = def.output.safeParse(value)
        if (!out.success) throw new Error(`output of ${name} does not match the contract: ${out.error.issues.map((i) => `${i.path.join('.') || '(output)'}: ${i.message}`).join('; ')}`)
      }
      return { ok: true, value }
    } catch (e) {
      return { ok: false, error: toApiError(e, loc, ctx.dbPath) }
    }
  }
}
