// The shared error catalogue as vue-i18n messages (errors.*): a chunk of its own, loaded with the features' messages
// before the first mount (i18n.ts's loadMessages); in the entry chunk it was about a tenth of its bytes, evaluated and
// nested in the start-up's first long task.
import { errorCatalogue, translateError } from '@shared/errors/index'
import type { Messages, Tree, UiLocale } from './i18n'

/** Messages of the renderer only: the server's catalogue does not know that the server is unreachable. */
const clientErrors: Messages = {
  en: { network: 'Cannot reach the Rating Office server: {reason}' },
  fr: { network: 'Impossible de joindre le serveur Rating Office : {reason}' }
}

/** vue-i18n gives '@' and '|' a meaning (linked messages, plurals); catalogue texts are plain prose. */
function literal(text: string): string {
  // an agreement with a count ({count|error|errors}) is made by errorText; the tree keeps the plural form
  return text.replace(/\{\w+\|[^|{}]*\|([^|{}]*)\}/g, '$1').replace(/[@|]/g, (c) => `{'${c}'}`)
}

function setPath(tree: Tree, path: string[], value: string): void {
  let node = tree
  for (const part of path.slice(0, -1)) {
    const next = node[part]
    if (typeof next !== 'object') node[part] = {}
    node = node[part] as Tree
  }
  node[path[path.length - 1]] = value
}

/** The catalogue's dotted keys ('lists.notFound') become nested messages (errors.lists.notFound). */
export function errorMessages(locale: UiLocale): Tree {
  const tree: Tree = {}
  for (const [key, entry] of Object.entries(errorCatalogue)) setPath(tree, key.split('.'), literal(entry[locale]))
  return { ...tree, ...clientErrors[locale] }
}

/**
 * A failed reply's message as every other surface writes it (the CLI, the server's own text): the one shared
 * function, which makes words agree with their counts ("1 erreur", "2 erreurs") and writes days in words. Null for
 * a key the catalogue does not know.
 */
export function errorText(key: string, params: Record<string, unknown>, locale: UiLocale): string | null {
  if (key === 'network') return null
  return Object.prototype.hasOwnProperty.call(errorCatalogue, key) ? translateError(key, params, locale) : null
}
