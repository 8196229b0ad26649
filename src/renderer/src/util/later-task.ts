// A component mounted in pieces, each its own task of the page's main thread (opening the app was a task of
// about 300 ms, the modules' evaluation and the shell's whole mount in one; a long task holds every input).
import { computed, onMounted, ref, type Ref } from 'vue'

/**
 * Counts the tasks passed since the calling component mounted, up to `last`: what waits for step k mounts in the
 * k-th task after the component's own (each step's render runs in the task that reached it).
 */
export function useLaterTasks(last: number): Ref<number> {
  const step = ref(0)
  const next = (): void => {
    setTimeout(() => {
      step.value++
      if (step.value < last) next()
    }, 0)
  }
  onMounted(next)
  return step
}

/** Turns true in a task after the one that mounted the calling component: what waits for it mounts then. */
export function useLaterTask(): Readonly<Ref<boolean>> {
  const step = useLaterTasks(1)
  return computed(() => step.value >= 1)
}
