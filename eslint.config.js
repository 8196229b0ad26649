// Lint rules; the layer rule keeps src/main/core free of electron and vue (pure core, thin hosts), and .vue
// components never reach the API client (only stores do).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

const RENDERER_PATTERN = { group: ['**/main/**', 'better-sqlite3', 'node:*'], message: 'the renderer talks to the main process only through window.api (the contract).' }
/** What calls the main process: the client and its constructors, used by stores only. */
const API_CLIENT = ['api', 'createHttpApi', 'callOrThrow']
const STORES_ONLY = 'only Pinia stores call the API: a .vue component reads and acts through its store.'
const CORE_PATTERNS = [
  { group: ['electron', 'electron/*'], message: 'src/main/core is pure Node: no electron (hosts live in src/main/shell).' },
  { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-router', 'vue-i18n', 'naive-ui'], message: 'src/main/core is pure Node: no vue.' },
  { group: ['**/shell/**', '**/http/**', '**/cli/**', '**/renderer/**'], message: 'the core never imports a host.' }
]
/** A folder of the core and the layers above it that it must not import, each with why. */
const above = (layer, why) => ({ group: [`**/${layer}/**`], message: why })
const NOT_SERVICES = above('services', 'a layer below services/ never imports services/: a use case calls down (data, registry, tournaments, lists...), never up.')
const NOT_JOBS = above('jobs', 'jobs/ (the use cases run on a worker thread, and the thread\'s entry) is the top of the core: nothing in it is imported from below.')
const NOT_DEMO = above('demo', 'demo/ loads the demo federation through the services, as an officer would: nothing below imports it.')
const NOT_MIGRATIONS = above('migrations', 'a migration is frozen history: runtime code lives in src/main/core/data (each migration keeps its own copy of what it ran).')
const NOT_DATA = above('data', 'a pure module never reads the database: it receives values, never a Db (SQL lives in src/main/core/data).')
const NOT_DB = above('db', 'a pure module never opens or migrates the database.')
const NOT_WORKERS = above('workers', 'a pure module runs on whatever thread calls it: thread plumbing lives in src/main/core/workers.')
const NOT_ORCHESTRATORS = [above('registry', 'the data layer is below the registry\'s orchestrators'), above('tournaments', 'the data layer is below tournaments/ (reading and matching)')]
const PURE = ['util', 'model', 'rules', 'engine', 'trf', 'checks', 'lists', 'compare', 'exports']
/** The layer rules, one block per folder of src/main/core. */
function coreLayers() {
  const block = (folders, patterns) => ({
    files: folders.map((f) => `src/main/core/${f}/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { patterns: [...CORE_PATTERNS, ...patterns] }] }
  })
  return [
    // files at the core's root (limits.ts) and any folder not named below: the strictest above-layer rules
    { files: ['src/main/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...CORE_PATTERNS, NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS] }] } },
    block(PURE, [NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS, NOT_DATA, NOT_DB, NOT_WORKERS, above('tournaments', 'a pure module does not import tournaments/ (it reads the database)')]),
    block(['workers'], [NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS, NOT_DATA, ...NOT_ORCHESTRATORS, above('lists', 'workers/ is thread plumbing: no domain code')]),
    block(['db'], [NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_DATA]),
    block(['data'], [NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS, NOT_WORKERS]),
    block(['registry', 'tournaments'], [NOT_SERVICES, NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS]),
    block(['services'], [NOT_JOBS, NOT_DEMO, NOT_MIGRATIONS]),
    block(['demo'], [NOT_JOBS, NOT_MIGRATIONS]),
    block(['jobs'], [NOT_MIGRATIONS])
  ]
}
export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } }
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off'
    }
  },
  // The core's layers (docs/conventions.md): each folder imports only the layers below it. Flat config gives a file
  // the last block's no-restricted-imports, so every block repeats the core's own patterns (no electron, vue, host).
  ...coreLayers(),
  {
    // SQL lives in the data layer (src/main/core/data, one file per domain) and in db/ (migrations, backups)
    files: ['src/main/core/**/*.ts'],
    ignores: ['src/main/core/data/**', 'src/main/core/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='prepare']", message: 'SQL lives in src/main/core/data/<domain>.ts: call a typed data function (db, ...) => rows.' }
      ]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_PATTERN] }]
    }
  },
  {
    // only Pinia stores call the API: a component reads its store (the api module's helpers stay allowed)
    files: ['src/renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_PATTERN, { group: ['@renderer/api', '**/api'], importNames: API_CLIENT, message: STORES_ONLY }] }]
    }
  }
)
