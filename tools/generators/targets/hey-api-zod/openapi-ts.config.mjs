// @hey-api/openapi-ts with its zod plugin: the SDK validates each request and response with the
// generated zod schemas. The fetch client keeps its defaults (form, explode arrays; encodeURIComponent).
export default {
  input: process.env.SPEC,
  output: 'src/generated',
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', 'zod', { name: '@hey-api/sdk', validator: true }],
};
