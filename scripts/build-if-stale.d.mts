export declare function buildIsStale(): boolean;
export declare function buildIfStale(options?: { force?: boolean }): boolean;
