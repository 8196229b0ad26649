// Routes of the rating lists: the lists held, and one list's entries.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/lists', name: 'lists', component: () => import('./ListsPage.vue') },
  { path: '/lists/:id(\\d+)', name: 'list', component: () => import('./ListPage.vue'), props: (r) => ({ id: Number(r.params.id) }) }
]
