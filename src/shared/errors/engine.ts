// Errors of the engine domain, in English and French.
import type { ErrorCatalogue } from './index'

export const engineErrors: ErrorCatalogue = {}
