// A finding as one human sentence in the office's language (CLI output, logs, stored message).
import { translateError, type Locale } from '../../../shared/errors/index'
import type { TrfFinding } from './types'

export function describeFinding(f: TrfFinding, locale: Locale = 'en'): string {
  return translateError(f.code, { ...f.params, found: f.found, expected: f.expected, file: f.location.file }, locale)
}
