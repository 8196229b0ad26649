// Messages of the demo federation loader, in English and French.
import type { ErrorCatalogue } from './index'

export const demoErrors: ErrorCatalogue = {
  'demo.notEmpty': {
    en: 'The demo federation loads only into an empty database: this one already holds players, lists or tournaments. Create a new database for the demo.',
    fr: 'La fédération de démonstration ne se charge que dans une base vide : celle-ci contient déjà des joueurs, des listes ou des tournois. Créez une nouvelle base pour la démonstration.'
  },
  'demo.missing': {
    en: 'The demo federation (resources/demo) was not found above {from}: the installation is incomplete.',
    fr: 'La fédération de démonstration (resources/demo) est introuvable au-dessus de {from} : l’installation est incomplète.'
  }
}
