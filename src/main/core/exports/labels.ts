// The words exports print (column headings, PDF header and legend), in English and French.
import type { ExportCategory, ExportLocale, ExportSort } from './types'
import type { RatingType } from '../model/tournament'
import { DELISTED_WORDS } from '../registry/list-record'
import { formatCount, formatDay, frenchSpacing } from '../../../shared/formats'

export interface ExportLabels {
  rank: string
  /** The rank column's heading in an order other than by rating (a row number, not a rank). */
  rowNumber: string
  /** The mark of a player shown once as delisted (rating under the floor): read back by the list readers (registry/list-record.ts). */
  delisted: string
  fideId: string
  name: string
  title: string
  federation: string
  sex: string
  birthYear: string
  rating: string
  games: string
  k: string
  flag: string
  ratingType: Record<RatingType, string>
  category: Record<ExportCategory, string>
  sortedBy: Record<ExportSort, string>
  /** The list's name with its date in words (an ISO day given): "Standard rating list of 1 November 2025". */
  listOf: (type: string, date: string) => string
  version: (v: number) => string
  status: Record<'draft' | 'published' | 'reference', string>
  page: (n: number, of: number) => string
  players: (n: number) => string
  federationFilter: (f: string) => string
  regionFilter: (r: string) => string
  legend: string[]
  sheet: string
}

export const EXPORT_LABELS: Record<ExportLocale, ExportLabels> = {
  en: {
    rank: 'Rank',
    rowNumber: 'No.',
    delisted: DELISTED_WORDS[0],
    fideId: 'FIDE ID',
    name: 'Name',
    title: 'Title',
    federation: 'Fed',
    sex: 'Sex',
    birthYear: 'Born',
    rating: 'Rating',
    games: 'Games',
    k: 'K',
    flag: 'Flag',
    ratingType: { standard: 'Standard', rapid: 'Rapid', blitz: 'Blitz' },
    category: { open: 'Open', women: 'Women', juniors: 'Juniors (U20)', u18: 'Under 18', u16: 'Under 16', u14: 'Under 14', u12: 'Under 12', u10: 'Under 10', u8: 'Under 8', seniors: 'Seniors (50+)', seniors65: 'Seniors (65+)' },
    sortedBy: { rating: 'sorted by rating', name: 'sorted by name', fideId: 'sorted by FIDE ID' },
    listOf: (type, date) => `${type} rating list of ${formatDay(date, 'en')}`,
    version: (v) => `version ${v}`,
    status: { draft: 'draft, not published', published: 'published', reference: 'reference list' },
    page: (n, of) => `Page ${n} of ${of}`,
    players: (n) => `${formatCount(n, 'en')} ${n === 1 ? 'player' : 'players'}`,
    federationFilter: (f) => `federation ${f}`,
    regionFilter: (r) => `region ${r}`,
    legend: [
      'Flag: i = inactive (no rated game for a year), w = woman, wi = inactive woman.',
      'Games: rated games in the period of this list. K: development coefficient. Delisted: rating under the floor, now unrated.',
      'Titles: GM, IM, FM, CM (open); WGM, WIM, WFM, WCM (women).'
    ],
    sheet: 'List'
  },
  fr: {
    rank: 'Rang',
    rowNumber: 'N°',
    delisted: DELISTED_WORDS[1],
    fideId: 'ID FIDE',
    name: 'Nom',
    title: 'Titre',
    federation: 'Féd',
    sex: 'Sexe',
    birthYear: 'Né en',
    rating: 'Elo',
    games: 'Parties',
    k: 'K',
    flag: 'Statut',
    ratingType: { standard: 'Standard', rapid: 'Rapide', blitz: 'Blitz' },
    category: { open: 'Toutes catégories', women: 'Féminines', juniors: 'Juniors (U20)', u18: 'Moins de 18 ans', u16: 'Moins de 16 ans', u14: 'Moins de 14 ans', u12: 'Moins de 12 ans', u10: 'Moins de 10 ans', u8: 'Moins de 8 ans', seniors: 'Vétérans (50+)', seniors65: 'Vétérans (65+)' },
    sortedBy: { rating: 'par classement', name: 'par nom', fideId: 'par ID FIDE' },
    listOf: (type, date) => `Liste Elo ${type.toLowerCase()} du ${formatDay(date, 'fr')}`,
    version: (v) => `version ${v}`,
    status: { draft: 'brouillon, non publiée', published: 'publiée', reference: 'liste de référence' },
    page: (n, of) => `Page ${n} sur ${of}`,
    players: (n) => `${formatCount(n, 'fr')} ${n < 2 ? 'joueur' : 'joueurs'}`,
    federationFilter: (f) => `fédération ${f}`,
    regionFilter: (r) => `région ${r}`,
    legend: [
      'Statut : i = inactif (aucune partie comptabilisée depuis un an), w = joueuse, wi = joueuse inactive.',
      'Parties : parties comptabilisées dans la période de la liste. K : coefficient de développement. Délisté : Elo sous le plancher, désormais non classé.',
      'Titres : GM, IM, FM, CM (mixtes) ; WGM, WIM, WFM, WCM (féminins).'
    ].map(frenchSpacing),
    sheet: 'Liste'
  }
}
