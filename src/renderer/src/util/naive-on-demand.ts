// Naive UI components that a screen draws only on demand (inside a dialog), loaded when first drawn rather than with
// the screen: the date picker's chunk (date-fns with it) took 25-60 ms to evaluate in the players table's opening task.
import { defineAsyncComponent } from 'vue'

export const NDatePickerOnDemand = defineAsyncComponent(() => import('./naive-date-picker').then((m) => m.NDatePicker))
