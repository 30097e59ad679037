export declare const VARNISHD_PATH: string;
export declare function ensureVarnish(options?: { install?: boolean }): { path: string | null; reason?: string };
