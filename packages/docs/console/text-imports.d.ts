// Files the console's bundle takes in as text (esbuild's `?raw` plugin in scripts/build-console.mjs).
declare module '*?raw' {
  const text: string;
  export default text;
}
