import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'packages/web/src';
const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import zones (docs/ARCHITECTURE.md "Boundaries"). Web: shared (components/, lib/) → features →
 * app, and a feature sees another only through its index.ts. Workspaces: domain imports nothing of
 * ours; web and server never import each other, nor do the simulator or e2e import the server;
 * the server's adapters (infra/) import none of its areas.
 */
const zones = [
  {
    target: 'packages/domain',
    from: ['packages/server', 'packages/web', 'packages/simulator', 'e2e', 'bench'],
    message: 'domain imports nothing of ours.',
  },
  {
    target: ['packages/server', 'packages/simulator', 'e2e', 'bench'],
    from: 'packages/web',
    message: 'Only the web console imports its own code.',
  },
  {
    target: ['packages/web', 'packages/simulator', 'e2e'],
    from: 'packages/server',
    message: 'Only the server (and bench, through @powerdeck/server) imports server code.',
  },
  {
    target: 'packages/server/src/infra',
    from: ['packages/server/src/areas', 'packages/server/src/http', 'packages/server/src/demo'],
    message: 'Adapters (infra/) know nothing of the areas, the HTTP layer or the demo.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components/, lib/) imports neither features nor app.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features do not import app/; move what they need down to lib/ or components/.',
  },
  ...features.map((feature) => featureZone(feature)),
];

/** A feature may import its own files and any feature's index.ts, nothing else of features/. */
function featureZone(feature) {
  return {
    target: `${web}/features/${feature}`,
    from: `${web}/features/*/**`,
    except: [
      path.join(root, web, 'features', feature, '**'),
      path.join(root, web, 'features/*/index.ts'),
    ],
    message:
      'A feature imports another only through its index.ts; what two features share moves down to components/, lib/ or domain.',
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Nothing imports a test file, so it closes no cycle: skipping it saves the walk.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tooltips are set up on first hover (components/lazy-tooltip.tsx): Mantine's sets up
    // floating-ui as it mounts, which slowed the first render of lists with a few per row.
    files: ['packages/web/src/**/*.tsx'],
    // tests may take Mantine whole (a vi.mock that wraps one of its components)
    ignores: ['packages/web/src/components/lazy-tooltip.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Tooltip'],
              message: 'Use LazyTooltip (components/lazy-tooltip.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    settings: {
      // Mantine components render these elements, so the rules check them as they would the tags.
      'jsx-a11y-x': {
        polymorphicPropName: 'component',
        components: {
          ActionIcon: 'button',
          Anchor: 'a',
          Box: 'div',
          Button: 'button',
          Card: 'div',
          CloseButton: 'button',
          Group: 'div',
          Image: 'img',
          Paper: 'div',
          PasswordInput: 'input',
          Stack: 'div',
          'Table.Td': 'td',
          'Table.Tr': 'tr',
          TextInput: 'input',
          UnstyledButton: 'button',
        },
      },
    },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A router link (`<Anchor component={Link} to=…>`) renders its `to` as the href.
      'jsx-a11y-x/anchor-is-valid': ['error', { specialLink: ['to'] }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
