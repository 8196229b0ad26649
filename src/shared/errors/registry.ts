// Errors of the registry domain, in English and French.
import type { ErrorCatalogue } from './index'

export const registryErrors: ErrorCatalogue = {}
