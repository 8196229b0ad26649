// Route of the settings screen.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/settings', name: 'settings', component: () => import('./SettingsPage.vue') }]
