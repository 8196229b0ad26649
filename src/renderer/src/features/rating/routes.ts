// Routes of the rating feature: the rule sets, one rule set's parameters (edit a federation profile), the calculator.
import type { RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/rules', name: 'rules', component: () => import('./RulesPage.vue') },
  { path: '/rules/calculator', name: 'rating-calculator', component: () => import('./CalculatorPage.vue') },
  { path: '/rules/:id([a-z0-9-]+)', name: 'rule-set', component: () => import('./RuleSetPage.vue'), props: (r) => ({ id: String(r.params.id) }) }
]
