// Replaced by the bundler (esbuild --define): where the mock listens.
declare const PRISM_URL: string;
