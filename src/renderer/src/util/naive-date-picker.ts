// Naive UI's date picker alone, the module that naive-on-demand.ts imports dynamically (its own chunk).
export { NDatePicker } from 'naive-ui'
