// Route of list comparisons: two lists of one type side by side (?from=&to=), and an office list reconciled with FIDE's.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/lists/compare', name: 'lists-compare', component: () => import('./ComparePage.vue') }]
