// Building blocks of the typed contract: a call is `domain:verb` with an input and an output schema.
import { z } from 'zod'
import { RATING_TYPES } from './plain'

export { RATING_TYPES, type RatingType } from './plain'

export type Access = 'read' | 'write'

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  /** 'write' calls change data; 'read' calls do not. */
  access: Access
  /**
   * Served by the read-only archive (`serve --read-only`): list browsing, player pages, rule sets. Every other
   * call, reads included, is refused there, so a call added later stays private until someone decides otherwise.
   * Only 'read' calls whose inputs name no file of the server may carry it (a test walks the contract).
   */
  archive?: true
  /** Largest request body the browser-mode server reads for this call (bytes); 512 KB when not given. */
  maxBodyBytes?: number
  /** One line for the API listing and the docs. */
  summary: string
}

export function call<I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>): CallDef<I, O> {
  return def
}

/** A located problem inside an input file or a payload. */
export const issueSchema = z.object({
  path: z.string(),
  message: z.string()
})

export const apiErrorSchema = z.object({
  code: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.unknown()),
  message: z.string(),
  details: z.unknown().optional()
})
export type ApiError = z.infer<typeof apiErrorSchema>

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ApiError }

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
export const ratingType = z.enum(RATING_TYPES)
export const idSchema = z.number().int().positive()
