import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['node_modules', 'public', '.cache', '.local', 'cdk.out', '__mocks__', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Every promise is awaited, returned or handed to a named helper: one left running can fail
    // unseen, or outlive the Lambda invocation that started it. These two rules need type information.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The site reads only types from the API's contracts: a value import would bundle server code.
    files: ['src/**/*.{ts,tsx}', 'gatsby-*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lambdas/**'],
              allowTypeImports: true,
              message: 'Import only types from lambdas/ (import type), so no server code reaches the site.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
