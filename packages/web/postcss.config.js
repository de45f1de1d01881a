// ESM because the package is "type": "module" (and so lint checks it like every other .js file).
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
