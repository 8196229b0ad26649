// Route of the validation dashboard.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/checks', name: 'checks', component: () => import('./ChecksPage.vue') }]
