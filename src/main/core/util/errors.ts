// Errors the user can act on: a message key with parameters, translated by the host (UI or CLI).
import { translateError } from '../../../shared/errors/index'

export class UserError extends Error {
  readonly key: string
  readonly params: Record<string, unknown>
  readonly details?: unknown
  constructor(key: string, params: Record<string, unknown> = {}, details?: unknown) {
    super(translateError(key, params, 'en'))
    this.name = 'UserError'
    this.key = key
    this.params = params
    this.details = details
  }
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof UserError
}
