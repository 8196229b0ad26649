// Routes of the rating lists: the lists held, one list's entries, generating a draft, an office list's preview, and
// the replay of the published lists.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/lists', name: 'lists', component: () => import('./ListsPage.vue') },
  { path: '/lists/generate', name: 'lists-generate', component: () => import('./GeneratePage.vue') },
  { path: '/lists/replay', name: 'lists-replay', component: () => import('./ReplayPage.vue') },
  { path: '/lists/:id(\\d+)', name: 'list', component: () => import('./ListPage.vue'), props: (r) => ({ id: Number(r.params.id) }) },
  { path: '/lists/:id(\\d+)/preview', name: 'list-preview', component: () => import('./PreviewPage.vue'), props: (r) => ({ id: Number(r.params.id) }) }
]
