// A component mounted in two pieces, each its own task of the page's main thread (issue 14: opening the app was a
// task of about 300 ms, the modules' evaluation and the shell's whole mount in one; a long task holds every input).
import { onMounted, ref, type Ref } from 'vue'

/** Turns true in a task after the one that mounted the calling component: what waits for it mounts then. */
export function useLaterTask(): Ref<boolean> {
  const ready = ref(false)
  onMounted(() => {
    setTimeout(() => {
      ready.value = true
    }, 0)
  })
  return ready
}
