// Route of the home screen.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/', name: 'home', component: () => import('./HomePage.vue') }]
