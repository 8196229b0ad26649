// Errors of the trf domain, in English and French.
import type { ErrorCatalogue } from './index'

export const trfErrors: ErrorCatalogue = {}
