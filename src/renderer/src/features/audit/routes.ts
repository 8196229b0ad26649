// Route of the audit log screen.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [{ path: '/audit', name: 'audit', component: () => import('./AuditPage.vue') }]
