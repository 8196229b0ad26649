// A list's publisher and provenance in the interface's language: the shared wording (src/shared/locales/list-publisher.ts)
// that the exports and the command line print, so a screen never names a list otherwise than its files do.
import { useI18n } from 'vue-i18n'
import type { ListPublisher } from '@shared/contract/index'
import { listProvenance, publisherFileStem, publisherLabel, publisherName, type PublisherLocale } from '@shared/locales/list-publisher'

export function usePublisher(): {
  name: (p: ListPublisher) => string
  label: (p: ListPublisher) => string
  code: (p: ListPublisher) => string
  provenance: (p: ListPublisher) => string
} {
  const { locale } = useI18n()
  const loc = (): PublisherLocale => (locale.value === 'fr' ? 'fr' : 'en')
  return {
    name: (p) => publisherName(p, loc()),
    label: (p) => publisherLabel(p, loc()),
    code: (p) => publisherFileStem(p),
    provenance: (p) => listProvenance(p, loc())
  }
}
