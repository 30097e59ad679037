export const SERVER_BUILD_DIR: string;
export const SERVER_BUILD: string;
export function serverBuildIsStale(outdir?: string): boolean;
export function buildServer(options?: { outdir?: string }): Promise<number>;
export function buildServerIfStale(options?: { force?: boolean; outdir?: string }): Promise<boolean>;
