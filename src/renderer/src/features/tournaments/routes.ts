// Routes of the tournaments feature: the list, the import screen, and one tournament's page.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/tournaments', name: 'tournaments', component: () => import('./TournamentsPage.vue') },
  { path: '/tournaments/import', name: 'tournaments-import', component: () => import('./ImportPage.vue') },
  { path: '/tournaments/:id(\\d+)', name: 'tournament', component: () => import('./TournamentPage.vue'), props: (r) => ({ id: Number(r.params.id) }) }
]
