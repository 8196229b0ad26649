// Renderer entry: Pinia, the router and vue-i18n around the App; the interface language is set before first paint.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { preloadFirstScreen, router } from './router'
import { i18n, loadMessages } from './i18n'
import './style.css'
import { watchNaiveMarkup } from './util/naive-a11y'
import { initialTheme } from './features/settings/store'
import { loadDarkTheme, wantsDark } from './util/dark-theme'
import { prepareFormatters } from './util/format'

document.documentElement.lang = i18n.global.locale.value
// The mount in a task after the modules' evaluation and the features' messages (evaluation and mount were
// one task of about 300 ms at start); the page is blank until the shell is mounted either way
// a dark start waits for the dark theme's chunk too (a light one never loads it), so that its first frame is dark
void Promise.all([loadMessages(), wantsDark(initialTheme()) ? loadDarkTheme() : null]).then(() => {
  // in a task before the mount's: the number and date formatters (their first use loads the language's data) and the
  // first screen's chunk (the router's first navigation finds it loaded)
  setTimeout(() => {
    prepareFormatters()
    preloadFirstScreen()
  }, 0)
  setTimeout(() => {
    createApp(App).use(createPinia()).use(router).use(i18n).mount('#app')
    watchNaiveMarkup()
  }, 0)
})
