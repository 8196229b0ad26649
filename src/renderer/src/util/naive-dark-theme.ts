// Naive UI's dark theme alone, the module App.vue and main.ts import dynamically (its own chunk): it brings every
// component's dark and light theme objects, about 100 KB that a light start-up evaluated for nothing.
export { darkTheme } from 'naive-ui'
