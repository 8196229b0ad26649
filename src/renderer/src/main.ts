// Renderer entry: Pinia, the router and vue-i18n around the App; the interface language is set before first paint.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { router } from './router'
import { i18n } from './i18n'
import './style.css'
import { watchNaiveMarkup } from './util/naive-a11y'

document.documentElement.lang = i18n.global.locale.value
createApp(App).use(createPinia()).use(router).use(i18n).mount('#app')
watchNaiveMarkup()
