// Routes: each feature plugs in by having a features/<domain>/routes.ts; an unknown path gets a not-found screen.
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'

const featureRoutes = import.meta.glob('./features/*/routes.ts', { eager: true }) as Record<string, { routes?: RouteRecordRaw[] }>

export function collectRoutes(): RouteRecordRaw[] {
  const all: RouteRecordRaw[] = []
  for (const path of Object.keys(featureRoutes).sort()) all.push(...(featureRoutes[path].routes ?? []))
  all.push({ path: '/:pathMatch(.*)*', name: 'not-found', component: () => import('./components/NotFound.vue') })
  return all
}

/** Whether some feature answers a path (the navigation shows every section; this tells which exist). */
export function hasRoute(path: string): boolean {
  return router.resolve(path).name !== 'not-found'
}

// hash history: the desktop window loads the page from a file, where path-based URLs cannot be served
export const router = createRouter({
  history: createWebHashHistory(),
  routes: collectRoutes(),
  scrollBehavior: () => ({ top: 0 })
})

/**
 * Starts loading the screen of the address the window opens on (its route's component chunk), ahead of the mount:
 * the first load of a chunk adds its dependencies' preload links to the page, 10-20 ms that fell in the shell's first
 * mount task when the router's first navigation asked for it. The navigation then finds it loaded.
 */
export function preloadFirstScreen(): void {
  for (const record of router.resolve(router.options.history.location).matched) {
    for (const component of Object.values(record.components ?? {})) {
      // a lazy route component is a bare loader function; a component (even a functional one) is not called here
      if (typeof component === 'function' && !('displayName' in component) && !('props' in component)) void (component as () => Promise<unknown>)()
    }
  }
}
