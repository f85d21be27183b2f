// @hey-api/openapi-ts: the fetch client with its defaults (form, explode arrays; encodeURIComponent).
export default {
  input: process.env.SPEC,
  output: 'src/generated',
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
};
