// A finding as one human sentence in the office's language (CLI output, logs, stored message): the screens' function.
import type { Locale } from '../../../shared/errors/index'
import { readFindingMessage } from '../../../shared/finding-message'
import type { TrfFinding } from './types'

export function describeFinding(f: TrfFinding, locale: Locale = 'en'): string {
  return readFindingMessage(f, locale)
}
