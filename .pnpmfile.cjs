// Every package's tests use the workspace's private test kit (test-kit/), a devDependency; a published
// manifest names no private package (tools/test/release/tarballs), so `pnpm pack` and `pnpm publish`
// leave it out. The package.json on disk keeps it: turbo orders and caches the tests by it.
module.exports = {
  hooks: {
    beforePacking(manifest) {
      if (manifest.devDependencies) delete manifest.devDependencies['@merchant-ordering/test-kit'];
      return manifest;
    },
  },
};
