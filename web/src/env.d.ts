// esbuild bundles CSS imported from TypeScript into the one stylesheet of the build.
declare module '*.css';
