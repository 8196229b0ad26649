// Route of the user guide (Help).
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/help', name: 'help', component: () => import('./HelpPage.vue') }]
