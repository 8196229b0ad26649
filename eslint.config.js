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
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'src/main/core is pure Node: no electron (hosts live in src/main/shell).' },
            { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-router', 'vue-i18n', 'naive-ui'], message: 'src/main/core is pure Node: no vue.' },
            { group: ['**/shell/**', '**/http/**', '**/cli/**', '**/renderer/**'], message: 'the core never imports a host.' }
          ]
        }
      ]
    }
  },
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
