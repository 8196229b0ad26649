// Route of the archive: player lookup (?q=) and a player's list history (?player=<id>).
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/archive', name: 'archive', component: () => import('./ArchivePage.vue') }]
