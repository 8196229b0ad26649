// Routes of the player registry: the players table, a player's page, the duplicates queue, the arbiters registry.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/players', name: 'players', component: () => import('./PlayersPage.vue') },
  { path: '/players/:id(\\d+)', name: 'player', component: () => import('./PlayerPage.vue'), props: (r) => ({ id: Number(r.params.id) }) },
  { path: '/players/duplicates', name: 'duplicates', component: () => import('./DuplicatesPage.vue') },
  { path: '/arbiters', name: 'arbiters', component: () => import('./ArbitersPage.vue') }
]
