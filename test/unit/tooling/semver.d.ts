// semver comes with npm's own tree (every package manager that reads engines uses it) and has no
// types installed; the lock-file check needs these four functions.
declare module 'semver' {
  interface Options {
    includePrerelease?: boolean;
  }
  const semver: {
    satisfies(version: string, range: string, options?: Options): boolean;
    subset(sub: string, dom: string, options?: Options): boolean;
    validRange(range: string): string | null;
    minVersion(range: string): { version: string } | null;
  };
  export default semver;
}
