export declare const RECORD_BUILD_DIR: string;
export declare function buildIsStale(dir?: string): boolean;
export declare function buildIfStale(options?: { force?: boolean; development?: boolean }): boolean;
